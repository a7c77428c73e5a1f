package dev.dbrace.report;

/**
 * The folder given to the report is not a readable dbrace results folder. The message is one
 * line meant for the user (the CLI prints it as is and exits 2), never a stack trace.
 */
public final class ReportInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ReportInputException(String message) {
    super(message);
  }
}
