package dev.dbrace.service.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.SslMode;
import dev.dbrace.db.DbTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A descriptor as docs/service-contract.md describes it: its defaults, its three kinds of variant, its refusals. */
class ServiceDescriptorTest {

  @Test
  void readsTheThreeKindsWithTheContractsDefaults(@TempDir Path module) throws Exception {
    Files.writeString(module.resolve(ServiceDescriptor.FILE), """
        variants = cls, fast, js
        cls.description = on a classpath
        cls.main = dev.example.Main
        cls.args = --a  --b
        fast.runtime = java
        fast.jar = app/quarkus-run.jar
        fast.engines = postgresql, firebird
        fast.verify-needs-sslrootcert = true
        js.runtime = node
        js.script = server.js
        js.sslmodes = disable, require
        """);
    Map<String, ServiceVariant> variants = ServiceDescriptor.read(module);
    assertEquals(List.of("cls", "fast", "js"), List.copyOf(variants.keySet()));

    ServiceVariant cls = variants.get("cls");
    assertEquals(new ServiceVariant("cls", "on a classpath", "java", "dev.example.Main", List.of("--a", "--b"),
        List.of("postgresql"), module, List.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full"), false),
        cls);
    assertFalse(cls.isJar() || cls.isNode());
    assertEquals("service cls is not built", cls.notBuilt());

    ServiceVariant fast = variants.get("fast");
    assertTrue(fast.isJar());
    assertEquals(List.of("postgresql", "firebird"), fast.engines());
    assertEquals("service fast is not built: no " + module.resolve("app/quarkus-run.jar"), fast.notBuilt());
    Files.createDirectories(module.resolve("app"));
    Files.writeString(module.resolve("app/quarkus-run.jar"), "");
    assertNull(fast.notBuilt());

    ServiceVariant js = variants.get("js");
    assertTrue(js.isNode());
    assertEquals("server.js", js.main());
    assertNull(js.notBuilt(), "a Node variant's packages are its starter's to install");
  }

  @Test
  void aVariantWithoutMainIsRefusedInOneLine(@TempDir Path module) throws Exception {
    Files.writeString(module.resolve(ServiceDescriptor.FILE), "variants = a\na.runtime = node\n");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServiceDescriptor.read(module));
    assertEquals(module.resolve(ServiceDescriptor.FILE) + ": variant a has no script", e.getMessage());
  }

  @Test
  void refusesTheSslmodesItsDriverCannotDo(@TempDir Path module) {
    ServiceVariant v = new ServiceVariant("v", "", "java", "M", List.of(), List.of("postgresql"), module,
        List.of("disable", "require", "verify-full"), true);
    assertNull(v.cannotConnect(target(SslMode.REQUIRE, null)));
    assertEquals("service v cannot do sslmode=prefer (its driver's modes: disable, require, verify-full)",
        v.cannotConnect(target(SslMode.PREFER, null)));
    assertTrue(v.cannotConnect(target(SslMode.VERIFY_FULL, null)).contains("without a root certificate"));
    assertNull(v.cannotConnect(target(SslMode.VERIFY_FULL, "/root.crt")));
  }

  private static DbTarget target(SslMode mode, String rootCert) {
    return new DbTarget("127.0.0.1", 5432, "db", "u", "pw", Engine.POSTGRESQL, mode, rootCert);
  }
}
