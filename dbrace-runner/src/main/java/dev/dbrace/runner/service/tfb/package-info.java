/**
 * TechEmpower's (TFB's) verification rules, written from its toolset ({@code toolset/test_types/verifications.py},
 * the db, query, update and fortune test types, {@code FortuneHTMLParser}, the PostgreSQL statement counts), checked
 * on a running service variant: {@code TfbRules} runs them and answers one {@code TfbCheck} per rule and URL.
 */
package dev.dbrace.runner.service.tfb;
