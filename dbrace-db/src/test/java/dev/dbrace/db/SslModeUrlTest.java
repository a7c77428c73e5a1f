package dev.dbrace.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.spi.SslMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The URL's sslmode and sslrootcert: honoured as libpq takes them, or refused in one line; no server needed. */
class SslModeUrlTest {
  private static final Map<String, String> NO_ENV = Map.of();

  private static DbTarget parse(String url, Map<String, String> env) {
    return DbTarget.parse(url, env, null);
  }

  @Test
  void everyLibpqModeIsReadInEveryUrlForm() {
    for (SslMode m : SslMode.values()) {
      assertEquals(m, parse("postgresql://u@h/d?sslmode=" + m.libpq(), NO_ENV).sslMode());
      assertEquals(m, parse("jdbc:postgresql://h:5432/d?user=u&sslmode=" + m.libpq(), NO_ENV).sslMode());
    }
  }

  @Test
  void withoutOneItIsWhatLibpqWouldDo() {
    assertEquals(SslMode.PREFER, parse("postgresql://u@h/d", NO_ENV).sslMode());
    assertEquals(SslMode.REQUIRE, parse("postgresql://u@h/d", Map.of("PGSSLMODE", "require")).sslMode());
    assertEquals(SslMode.DISABLE, parse("postgresql://u@h/d?sslmode=disable", Map.of("PGSSLMODE", "require")).sslMode(),
        "the URL wins over the environment");
  }

  @Test
  void anUnknownModeIsRefusedNamingTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> parse("postgresql://u:secret@h/d?sslmode=on", NO_ENV));
    assertTrue(e.getMessage().contains("unknown sslmode 'on'") && e.getMessage().contains("verify-full"), e.getMessage());
    assertTrue(!e.getMessage().contains("secret") && !e.getMessage().contains("\n"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> parse("postgresql://u@h/d?sslmode=REQUIRE", NO_ENV),
        "libpq takes the words in lower case only");
    IllegalArgumentException env = assertThrows(IllegalArgumentException.class,
        () -> parse("postgresql://u@h/d", Map.of("PGSSLMODE", "yes")));
    assertTrue(env.getMessage().startsWith("PGSSLMODE: "), env.getMessage());
  }

  @Test
  void otherTlsParametersAreRefusedNotDropped() {
    for (String p : new String[] {"ssl=true", "sslcert=/c.pem", "sslkey=/k.pem", "sslfactory=x", "sslnegotiation=direct"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> parse("postgresql://u@h/d?" + p, NO_ENV), p);
      assertTrue(e.getMessage().contains("parameter " + p.substring(0, p.indexOf('=')) + " is not supported"), e.getMessage());
    }
  }

  @Test
  void aRootCertificateServesTheVerifyingModesOnly(@TempDir Path dir) throws Exception {
    Path cert = Files.writeString(dir.resolve("root.crt"), "-----BEGIN CERTIFICATE-----\n");
    DbTarget t = parse("postgresql://u@h/d?sslmode=verify-full&sslrootcert=" + cert, NO_ENV);
    assertEquals(cert.toString(), t.sslRootCert());
    assertEquals(cert.toString(), parse("postgresql://u@h/d?sslmode=verify-ca", Map.of("PGSSLROOTCERT", cert.toString()))
        .sslRootCert());
    assertNull(parse("postgresql://u@h/d", Map.of("PGSSLROOTCERT", cert.toString())).sslRootCert(),
        "the environment's certificate is not forced on a mode that does not verify");
    IllegalArgumentException notVerifying = assertThrows(IllegalArgumentException.class,
        () -> parse("postgresql://u@h/d?sslmode=require&sslrootcert=" + cert, NO_ENV));
    assertTrue(notVerifying.getMessage().contains("verify-ca or verify-full only"), notVerifying.getMessage());
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> parse("postgresql://u@h/d?sslmode=verify-ca&sslrootcert=" + dir.resolve("nope.crt"), NO_ENV));
    assertTrue(missing.getMessage().contains("not a readable file"), missing.getMessage());
  }

  @Test
  void otherEnginesRefuseTheTlsParameters() {
    for (String url : new String[] {"mariadb://u@h/d?sslmode=require", "firebird://u@h//db.fdb?sslmode=disable",
        "mysql://u@h/d?sslrootcert=/c.pem"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(url, NO_ENV), url);
      assertTrue(e.getMessage().contains("no TLS setting for"), e.getMessage());
    }
    assertNull(parse("mariadb://u@h/d", Map.of("PGSSLMODE", "require")).sslMode(), "PGSSLMODE is PostgreSQL's");
  }
}
