/**
 * Runs a race: {@link dev.dbrace.runner.RaceSession#run} (the entry point) opens the database, the results
 * folder and the plan ({@code RacePlan}, {@code CurvePlan}, {@code CapacitySearch}), and {@code RaceRunner} runs each run
 * in a forked worker through its probes; {@code RunRecords}, {@code StackRounds} and {@code Verdict} turn the outcomes
 * into race.json's records and conclusion; {@code ResultStore} writes them after every run.
 */
package dev.dbrace.runner;
