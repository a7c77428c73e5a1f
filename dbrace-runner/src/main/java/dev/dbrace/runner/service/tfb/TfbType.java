package dev.dbrace.runner.service.tfb;

import java.util.regex.Pattern;

/** What a TFB test type asks for (its Accept header) and the Content-Type it must answer with. */
enum TfbType {
  JSON("application/json,text/html;q=0.9,application/xhtml+xml;q=0.9,application/xml;q=0.8,*/*;q=0.7",
      "application/json(; ?charset=(UTF|utf)-8)?"),
  HTML("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "text/html; ?charset=(UTF|utf)-8");

  final String accept;
  final Pattern contentType;

  TfbType(String accept, String contentType) {
    this.accept = accept;
    this.contentType = Pattern.compile(contentType);
  }
}
