package dev.dbrace.report.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The report names the engine the race ran on, from the (password-free) URL it recorded. */
class HeaderViewTest {

  @Test
  void engineFromTheRecordedUrl() {
    assertEquals("MariaDB", HeaderView.engineLabel("mariadb://dbrace@127.0.0.1:3306/dbrace"));
    assertEquals("MariaDB", HeaderView.engineLabel("mysql://app@db/shop"));
    assertEquals("Firebird", HeaderView.engineLabel("firebird://SYSDBA@127.0.0.1:3050//tmp/x.fdb"));
    assertEquals("PostgreSQL", HeaderView.engineLabel("postgresql://postgres@127.0.0.1:5432/postgres"));
    assertEquals("PostgreSQL", HeaderView.engineLabel(null), "results from before the URL was recorded");
  }
}
