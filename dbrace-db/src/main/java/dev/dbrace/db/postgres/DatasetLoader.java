package dev.dbrace.db.postgres;

import dev.dbrace.db.DatasetRows;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * Inserts {@link DatasetRows}' generated rows. Each table is one statement that unnests column
 * arrays: one round trip per table instead of thousands, and set-based on the server side.
 * Stateless, hence thread-safe; runs inside the caller's transaction.
 */
public final class DatasetLoader {

  private static final String FIXED_TIME = "TIMESTAMP '2006-02-15 05:03:42'";

  private DatasetLoader() {}

  static void load(Connection c) throws SQLException {
    Integer[] ids = new Integer[DatasetRows.WORLD_ROWS];
    Integer[] numbers = new Integer[ids.length];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = i + 1;
      numbers[i] = DatasetRows.worldRandomNumber(i + 1);
    }
    insert(c, "INSERT INTO world (id, randomnumber) SELECT * FROM unnest(?::int[], ?::int[])",
        c.createArrayOf("int4", ids), c.createArrayOf("int4", numbers));

    Integer[] actorIds = new Integer[DatasetRows.ACTORS];
    String[] first = new String[actorIds.length];
    String[] last = new String[actorIds.length];
    for (int i = 0; i < actorIds.length; i++) {
      actorIds[i] = i + 1;
      String[] name = DatasetRows.actor(i + 1);
      first[i] = name[0];
      last[i] = name[1];
    }
    insert(c, "INSERT INTO actor (actor_id, first_name, last_name, last_update)"
        + " SELECT a, f, l, " + FIXED_TIME + " FROM unnest(?::int[], ?::text[], ?::text[]) AS u(a, f, l)",
        c.createArrayOf("int4", actorIds), c.createArrayOf("text", first),
        c.createArrayOf("text", last));

    List<DatasetRows.Film> films = DatasetRows.films();
    int n = films.size();
    Integer[] fid = new Integer[n];
    String[] title = new String[n];
    String[] desc = new String[n];
    Integer[] duration = new Integer[n];
    BigDecimal[] rate = new BigDecimal[n];
    Integer[] length = new Integer[n];
    BigDecimal[] cost = new BigDecimal[n];
    String[] rating = new String[n];
    Integer[] mask = new Integer[n];
    Integer[] category = new Integer[n];
    int casts = films.stream().mapToInt(f -> f.actorIds().length).sum();
    Integer[] castFilm = new Integer[casts];
    Integer[] castActor = new Integer[casts];
    int k = 0;
    for (int i = 0; i < n; i++) {
      DatasetRows.Film f = films.get(i);
      fid[i] = f.id();
      title[i] = f.title();
      desc[i] = f.description();
      duration[i] = f.rentalDuration();
      rate[i] = f.rentalRate();
      length[i] = f.length();
      cost[i] = f.replacementCost();
      rating[i] = f.rating();
      mask[i] = f.featureMask();
      category[i] = f.categoryId();
      for (int a : f.actorIds()) {
        castFilm[k] = f.id();
        castActor[k++] = a;
      }
    }
    insert(c, "INSERT INTO film (film_id, title, description, release_year, language_id,"
        + " rental_duration, rental_rate, length, replacement_cost, rating, last_update,"
        + " special_features) SELECT id, t, d, 2006, 1, dur, rate, len, cost, r, " + FIXED_TIME
        + ", ARRAY(SELECT sf FROM unnest(ARRAY['Trailers', 'Commentaries', 'Deleted Scenes',"
        + " 'Behind the Scenes']) WITH ORDINALITY AS x(sf, i) WHERE m & (1 << (i::int - 1)) <> 0"
        + " ORDER BY i) FROM unnest(?::int[], ?::text[], ?::text[], ?::int[], ?::numeric[],"
        + " ?::int[], ?::numeric[], ?::text[], ?::int[]) AS u(id, t, d, dur, rate, len, cost, r, m)",
        c.createArrayOf("int4", fid), c.createArrayOf("text", title),
        c.createArrayOf("text", desc), c.createArrayOf("int4", duration),
        c.createArrayOf("numeric", rate), c.createArrayOf("int4", length),
        c.createArrayOf("numeric", cost), c.createArrayOf("text", rating),
        c.createArrayOf("int4", mask));
    insert(c, "INSERT INTO film_category (film_id, category_id, last_update)"
        + " SELECT f, k, " + FIXED_TIME + " FROM unnest(?::int[], ?::int[]) AS u(f, k)",
        c.createArrayOf("int4", fid), c.createArrayOf("int4", category));
    insert(c, "INSERT INTO film_actor (actor_id, film_id, last_update)"
        + " SELECT a, f, " + FIXED_TIME + " FROM unnest(?::int[], ?::int[]) AS u(a, f)",
        c.createArrayOf("int4", castActor), c.createArrayOf("int4", castFilm));
  }

  private static void insert(Connection c, String sql, Array... columns)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < columns.length; i++) {
        ps.setArray(i + 1, columns[i]);
      }
      ps.executeUpdate();
    }
  }
}
