package dev.dbrace.core.experiment;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * What an experiment gets to work with: connections to the target database (each with the
 * driver properties the variant is about), its options and a progress channel. Thread-safe.
 */
public final class ExperimentContext {
  private final ExperimentSpec spec;
  private final String password;
  private final Consumer<String> progress;

  public ExperimentContext(ExperimentSpec spec, String password, Consumer<String> progress) {
    this.spec = spec;
    this.password = password;
    this.progress = progress;
  }

  /** {@code jdbc:postgresql://host:port/db}, without credentials. */
  public String jdbcUrl() {
    String host = spec.host().contains(":") ? "[" + spec.host() + "]" : spec.host();
    return "jdbc:postgresql://" + host + ":" + spec.port() + "/" + spec.database();
  }

  /** A new connection with pgjdbc's defaults, the race's sslmode, plus {@code driverProperties} (e.g. prepareThreshold). */
  public Connection connect(Map<String, String> driverProperties) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", spec.user());
    if (password != null) {
      p.setProperty("password", password);
    }
    p.setProperty("ApplicationName", spec.applicationName());
    p.setProperty("connectTimeout", "10");
    p.setProperty("sslmode", spec.sslMode().libpq()); // pgjdbc takes libpq's words
    if (spec.sslRootCert() != null) {
      p.setProperty("sslrootcert", spec.sslRootCert());
    }
    p.putAll(driverProperties);
    return DriverManager.getConnection(jdbcUrl(), p);
  }

  public Connection connect() throws SQLException {
    return connect(Map.of());
  }

  /** The schema this experiment's tables go in: {@code dbrace_exp_<name>} with dashes as underscores. */
  public String schema() {
    return "dbrace_exp_" + spec.experiment().replace('-', '_');
  }

  /** An option's value (the default when not given on the command line). */
  public String option(String name) {
    String v = spec.options().get(name);
    if (v == null) {
      throw new IllegalArgumentException("experiment " + spec.experiment() + " has no option " + name);
    }
    return v;
  }

  /** An integer option; a value that is not one is the user's error, told in one line. */
  public int intOption(String name, int min, int max) {
    String v = option(name);
    try {
      int n = Integer.parseInt(v.replace("_", "").trim());
      if (n < min || n > max) {
        throw new BadOptionException("--opt " + name + " must be " + min + ".." + max + ", got " + v);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new BadOptionException("--opt " + name + " must be a whole number, got '" + v + "'");
    }
  }

  /** For a companion part: what the parts before it measured (tables, facts, finding); empty for the main part. */
  public Optional<ExperimentResult> prior() {
    return Optional.ofNullable(spec.prior());
  }

  /** host, port, database and user of the target (no password: see {@link #password()}). */
  public ExperimentSpec target() {
    return spec;
  }

  /** The password for drivers that do not go through {@link #connect} (null when none is needed). */
  public String password() {
    return password;
  }

  /** A line for the console while the experiment runs. */
  public void progress(String message) {
    progress.accept(message);
  }
}
