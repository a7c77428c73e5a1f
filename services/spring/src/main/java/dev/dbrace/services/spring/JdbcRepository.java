package dev.dbrace.services.spring;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.dbrace.services.spring.Rows.Film;
import dev.dbrace.services.spring.Rows.Fortune;
import dev.dbrace.services.spring.Rows.World;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** {@link Repository} on pgjdbc + HikariCP. Thread-safe. */
final class JdbcRepository implements Repository {
  private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = ?";
  private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = ? WHERE id = ?";
  private static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";
  private static final String SELECT_FORTUNE = "SELECT id, message FROM fortune WHERE id = ?";
  private static final String SELECT_FILM = "SELECT title FROM nicer_but_slower_film_list WHERE FID = ?";
  private static final String SELECT_SLOW = "SELECT id, randomnumber FROM world, pg_sleep(?) WHERE id = ?";
  /** E4's slow query: lookup has no index, so the scan reads all of slow_world's 1 M rows. */
  private static final String SELECT_SLOW_QUERY = "SELECT id, randomnumber FROM slow_world WHERE lookup = ?";

  private final HikariDataSource pool;
  private final boolean slowQuery;

  private JdbcRepository(HikariDataSource pool, boolean slowQuery) {
    this.pool = pool;
    this.slowQuery = slowQuery;
  }

  /** Opens the pool with all DBRACE_POOL connections; throws the driver's exception if it cannot. */
  static JdbcRepository open(ServiceEnv env) throws SQLException {
    HikariConfig c = new HikariConfig();
    c.setPoolName("dbrace-service");
    c.setJdbcUrl("jdbc:postgresql://" + env.dbHost() + ":" + env.dbPort() + "/" + env.dbName());
    c.setUsername(env.dbUser());
    c.setPassword(env.dbPassword());
    c.setMaximumPoolSize(env.pool());
    c.setMinimumIdle(env.pool());
    c.addDataSourceProperty("ApplicationName", env.applicationName());
    c.addDataSourceProperty("connectTimeout", 5);
    c.addDataSourceProperty("sslmode", env.sslMode()); // pgjdbc takes libpq's words
    if (env.sslRootCert() != null) {
      c.addDataSourceProperty("sslrootcert", env.sslRootCert());
    }
    // Open the first connection here and fail with the driver's exception (fail fast).
    c.setInitializationFailTimeout(1);
    try {
      return new JdbcRepository(new HikariDataSource(c), env.slowQuery());
    } catch (HikariPool.PoolInitializationException e) {
      if (e.getCause() instanceof SQLException cause) {
        throw cause;
      }
      throw e;
    }
  }

  @Override
  public World world(int id) {
    try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(SELECT_WORLD)) {
      return readWorld(ps, id);
    } catch (SQLException e) {
      throw new DataException(e);
    }
  }

  @Override
  public List<World> worlds(int[] ids) {
    try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(SELECT_WORLD)) {
      List<World> rows = new ArrayList<>(ids.length);
      for (int id : ids) {
        rows.add(readWorld(ps, id));
      }
      return rows;
    } catch (SQLException e) {
      throw new DataException(e);
    }
  }

  @Override
  public List<World> update(int[] ids, int[] numbers) {
    try (Connection c = pool.getConnection()) {
      try (PreparedStatement ps = c.prepareStatement(SELECT_WORLD)) {
        for (int id : ids) {
          readWorld(ps, id);
        }
      }
      try (PreparedStatement ps = c.prepareStatement(UPDATE_WORLD)) {
        for (int i : Requests.byId(ids)) {
          ps.setInt(1, numbers[i]);
          ps.setInt(2, ids[i]);
          ps.addBatch();
        }
        ps.executeBatch();
      }
    } catch (SQLException e) {
      throw new DataException(e);
    }
    List<World> written = new ArrayList<>(ids.length);
    for (int i = 0; i < ids.length; i++) {
      written.add(new World(ids[i], numbers[i]));
    }
    return written;
  }

  @Override
  public List<Fortune> fortunes() {
    try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(SELECT_FORTUNES);
        ResultSet rs = ps.executeQuery()) {
      List<Fortune> rows = new ArrayList<>(16);
      while (rs.next()) {
        rows.add(new Fortune(rs.getInt(1), rs.getString(2)));
      }
      return rows;
    } catch (SQLException e) {
      throw new DataException(e);
    }
  }

  @Override
  public Fortune fortune(int id) {
    try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(SELECT_FORTUNE)) {
      ps.setInt(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          throw new DataException("no fortune with id " + id);
        }
        return new Fortune(rs.getInt(1), rs.getString(2));
      }
    } catch (SQLException e) {
      throw new DataException(e);
    }
  }

  @Override
  public Film film(int fid) {
    try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(SELECT_FILM)) {
      ps.setInt(1, fid);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? new Film(fid, rs.getString(1)) : null;
      }
    } catch (SQLException e) {
      throw new DataException(e);
    }
  }

  @Override
  public World slow(int user) {
    try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(slowQuery ? SELECT_SLOW_QUERY : SELECT_SLOW)) {
      if (slowQuery) {
        return readWorld(ps, Requests.slowId(user));
      }
      ps.setDouble(1, Requests.slowSeconds(user));
      ps.setInt(2, Requests.slowId(user));
      return readWorld(ps);
    } catch (SQLException e) {
      throw new DataException(e);
    }
  }

  @Override
  public void close() {
    pool.close();
  }

  private static World readWorld(PreparedStatement ps, int id) throws SQLException {
    ps.setInt(1, id);
    return readWorld(ps);
  }

  private static World readWorld(PreparedStatement ps) throws SQLException {
    try (ResultSet rs = ps.executeQuery()) {
      if (!rs.next()) {
        throw new DataException("no such world row");
      }
      return new World(rs.getInt(1), rs.getInt(2));
    }
  }
}
