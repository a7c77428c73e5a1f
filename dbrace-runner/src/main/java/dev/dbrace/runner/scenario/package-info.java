/**
 * Scenario files (docs/scenario-file.md), the user's and those shipped in {@code scenarios/}: read with
 * Jackson YAML ({@code ScenarioReader}), each problem one line; {@code ScenarioSetup} runs their schema and seed files.
 */
package dev.dbrace.runner.scenario;
