package dev.dbrace.runner.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dbrace.cli.TestDb;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger's judgement of a fault run on the test database: successes the client counted without a row, and rows it failed. */
class FaultLedgerIT {

  @Test
  void theLedgerFindsSuccessesWithoutARow(@TempDir Path dir) throws Exception {
    WorkloadSpec ledger = Workloads.byName("ledger", Map.of());
    OperationSequence seq = new OperationSequence(ledger, 42);
    try (Connection c = TestDb.get().target().connect()) {
      FaultAnalysis.prepareLedger(c);
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + Workloads.LEDGER_TABLE + " (op, tag) VALUES (?, ?)")) {
        for (long op : new long[] {0, 1, 2, 4, 4}) { // 3 never performed, 4 performed twice
          ps.setLong(1, op);
          ps.setLong(2, tag(seq.operation(op)));
          ps.addBatch();
        }
        ps.setLong(1, 3); // a pre-warm row: index 3 under another seed's tag is not operation 3
        ps.setLong(2, tag(new OperationSequence(ledger, 43).operation(3)));
        ps.addBatch();
        ps.executeBatch();
      }
      Path successes = dir.resolve("successes.txt");
      Files.writeString(successes, "0\n1\n3\n4\n"); // 2 performed but reported failed; 3 claimed but missing
      RunRecord.Ledger l = FaultAnalysis.ledger(c, successes, ledger, 42);
      assertEquals(new RunRecord.Ledger(4, 4, 1, 1, 1, List.of(3L)), l);
    }
  }

  private static long tag(Operation op) {
    return ((Number) op.statements().getFirst().params()[1]).longValue();
  }
}
