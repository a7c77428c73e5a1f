package dev.dbrace.db.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * A server that agents on other hosts drive: it listens on the address given as well as loopback, with the password
 * the user chose, and refuses a wrong one. 127.0.0.2 stands for the agents' address (Linux routes all of 127/8 to
 * loopback, so no root is needed; the client still comes from 127.0.0.1: the agents' network is admitted in the
 * cluster's namespace tests).
 */
class ReachablePostgresIT {

  @Test
  void listensOnTheGivenAddressWithTheGivenPassword() throws SQLException {
    var reach = new EmbeddedPostgres.Reach("127.0.0.2", "127.0.0.2/32", "agents-know-this-one");
    try (EmbeddedPostgres pg = EmbeddedPostgres.startReachable(EmbeddedPostgresIT.CACHE, m -> { }, reach)) {
      DbTarget t = pg.target();
      assertEquals("127.0.0.2", t.host());
      try (Connection c = t.connect(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT inet_server_addr()::text")) {
        rs.next();
        assertEquals("127.0.0.2/32", rs.getString(1), "connected to the address given");
      }
      DbTarget wrong = new DbTarget(t.host(), t.port(), t.database(), t.user(), "not-the-password");
      DbException refused = assertThrows(DbException.class, wrong::connect);
      assertTrue(refused.getMessage().contains("password authentication failed"), refused.getMessage());
    }
  }
}
