/**
 * The engine: runs a race with no command line and no console. {@link dev.dbrace.runner.RaceSession#run} (the entry
 * point) opens the database and the results folder and runs the request's plan ({@code RacePlan}, {@code CurvePlan},
 * {@code CapacitySearch}); {@code RaceRunner} runs each run in a forked worker through its probes; {@code RunRecords},
 * {@code StackRounds} and {@code Verdict} turn the outcomes into race.json's records and conclusion; {@code ResultStore}
 * writes them after every run. Everything a person sees goes through a {@link dev.dbrace.runner.RunListener}.
 */
package dev.dbrace.runner;
