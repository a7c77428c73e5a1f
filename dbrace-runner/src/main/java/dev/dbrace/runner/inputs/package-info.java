/**
 * A race's inputs as data, and their resolution: {@code RaceInputs} is one layer (the command line's options, a
 * scenario file's keys), each {@code Input} present or absent; {@code RaceResolution} stacks the command line over the
 * scenario over {@code Defaults} and checks and builds the {@code RaceSettings} and {@code RaceRequest} the engine
 * takes. No command line here: dbrace-cli only fills the command line's layer.
 */
package dev.dbrace.runner.inputs;
