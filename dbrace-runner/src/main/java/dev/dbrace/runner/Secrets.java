package dev.dbrace.runner;

import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;

/**
 * Passwords this process knows; every text that leaves dbrace (console, files, reports) that
 * came from outside its own code passes through {@link #redact}. Thread-safe.
 */
public final class Secrets {
  private static final Set<String> SECRETS = new CopyOnWriteArraySet<>();

  private Secrets() {}

  public static void register(String secret) {
    if (secret != null && !secret.isEmpty()) {
      SECRETS.add(secret);
    }
  }

  public static String redact(String text) {
    if (text == null) {
      return null;
    }
    String out = text;
    for (String s : SECRETS) {
      out = out.replace(s, "***");
    }
    return out;
  }
}
