/**
 * The service level: the variants under {@code services/} ({@code ServiceCatalog}, read through
 * dbrace-service-host), {@code ServiceSubject} (a fresh service process per run, driven by the HTTP generator),
 * their library versions and byte-identical answers.
 */
package dev.dbrace.runner.service;
