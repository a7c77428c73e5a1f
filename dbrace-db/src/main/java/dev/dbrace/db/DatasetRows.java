package dev.dbrace.db;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The generated rows of the lab dataset. Every value is a pure function of the row id (SplitMix64
 * over a per-column stream number), so every machine and every JDK produces the same rows, unlike
 * {@link java.util.Random} whose sequence depends on call order. Stateless, hence thread-safe. Public
 * for the tests' stack contract, which checks each point select against the row it must return.
 */
public final class DatasetRows {

  public static final int WORLD_ROWS = 10_000;
  public static final int ACTORS = 200;
  static final int FILMS = 1_000; // film_id 0..999: E1 draws ids from 0..989
  static final int CATEGORIES = 16;

  /**
   * One film with its category and cast.
   *
   * @param featureMask bits 0..3 select Trailers, Commentaries, Deleted Scenes, Behind the Scenes
   */
  public record Film(int id, String title, String description, int rentalDuration, BigDecimal rentalRate,
      int length, BigDecimal replacementCost, String rating, int featureMask, int categoryId,
      int[] actorIds) {}

  private static final String[] FIRST = {"ADA", "ALAN", "ANNA", "ARTHUR", "BEATRICE", "BORIS",
    "CARMEN", "CECIL", "CLARA", "DAVID", "DORA", "EDGAR", "ELENA", "FELIX", "FLORA", "GRETA",
    "HECTOR", "IRIS", "IVAN", "JUNE", "KARL", "LENA", "LUCAS", "MAGDA", "MARTIN", "NINA", "OSCAR",
    "PAULA", "PETER", "ROSA", "SAMUEL", "SOFIA", "THEO", "URSULA", "VICTOR", "VIOLA", "WALTER",
    "XENIA", "YVES", "ZELDA"};
  private static final String[] LAST = {"ABBOTT", "BARRETT", "CALLOWAY", "DANVERS", "ELLISON",
    "FAIRBANKS", "GARLAND", "HARLOW", "IRVING", "JARDINE", "KENDRICK", "LANGLEY", "MARLOWE",
    "NORTHCOTT", "OAKLEY", "PEMBERTON", "QUINCY", "ROWNTREE", "SINCLAIR", "THORNTON", "UPDIKE",
    "VANCE", "WHITMORE", "YARDLEY", "ASHFORD", "BLACKWOOD", "CROFT", "DRUMMOND", "EVERETT",
    "FLETCHER", "GRAYSON", "HOLLOWAY", "KINGSLEY", "LOCKHART", "MERCER", "NORWOOD", "PRESCOTT",
    "REDFORD", "STANHOPE", "WINSLOW"};
  // 32 x 32 = 1024 word pairs; a bijection of the film id onto them keeps all 1000 titles unique.
  private static final String[] TITLE_A = {"ACADEMY", "AMBER", "ARCTIC", "BALLOON", "BLUE",
    "BRONZE", "CANYON", "CAPTAIN", "CHAMBER", "CRYSTAL", "DESERT", "DRAGON", "ECHO", "EMPIRE",
    "FALCON", "FOREST", "GALAXY", "GOLDEN", "HARBOR", "HIDDEN", "ISLAND", "JUNGLE", "LANTERN",
    "MIDNIGHT", "MIRROR", "NORTHERN", "OCEAN", "PHANTOM", "RIVER", "SILVER", "THUNDER", "VELVET"};
  private static final String[] TITLE_B = {"AFFAIR", "ANTHEM", "BANDIT", "BLUES", "CIRCUS",
    "CODE", "DANCER", "DIARY", "DREAM", "EXPRESS", "FEVER", "FRONTIER", "GAMBLE", "GHOST",
    "HEIST", "HUNTER", "JOURNEY", "LEGEND", "MACHINE", "MASQUERADE", "MYSTERY", "ODYSSEY",
    "PARADE", "PROMISE", "QUEST", "REBEL", "SECRET", "SHADOW", "SONATA", "TALES", "VOYAGE",
    "WALTZ"};
  private static final String[] DESC_ADJ = {"Astounding", "Beautiful", "Boring", "Brilliant",
    "Emotional", "Epic", "Fanciful", "Thoughtful"};
  private static final String[] DESC_KIND = {"Documentary", "Drama", "Panorama", "Saga", "Story",
    "Tale", "Character Study", "Reflection"};
  private static final String[] DESC_WHO = {"Astronaut", "Boat", "Car", "Cat",
    "Database Administrator", "Dentist", "Dog", "Explorer", "Feminist", "Girl", "Hunter",
    "Lumberjack", "Mad Scientist", "Pastry Chef", "Robot", "Teacher"};
  private static final String[] DESC_VERB = {"Battle", "Build", "Chase", "Confront", "Defeat",
    "Discover", "Find", "Outrace"};
  private static final String[] DESC_WHERE = {"A Balloon Factory", "A Jet Boat",
    "A Manhattan Penthouse", "A Shark Tank", "An Abandoned Mine Shaft", "Ancient China",
    "The Canadian Rockies", "The Outback"};
  private static final String[] RATINGS = {"G", "PG", "PG-13", "R", "NC-17"};
  private static final String[] RATES = {"0.99", "2.99", "4.99"};
  // Odd and not a multiple of 5, i.e. coprime with 200: strides that never revisit an actor.
  private static final int[] STRIDES = {1, 3, 7, 9, 11, 13, 17, 19, 21, 23};

  private DatasetRows() {}

  /** world.randomnumber for id 1..10000, in 1..10000. */
  public static int worldRandomNumber(int id) {
    return 1 + pick(1, id, 10_000);
  }

  /** {first_name, last_name} of actor 1..200. */
  public static String[] actor(int id) {
    return new String[] {FIRST[pick(2, id, FIRST.length)], LAST[pick(3, id, LAST.length)]};
  }

  public static List<Film> films() {
    List<Film> films = new ArrayList<>(FILMS);
    for (int id = 0; id < FILMS; id++) {
      int k = (id * 389 + 7) % 1024; // 389 is odd, so this permutes 0..1023
      String title = TITLE_A[k / 32] + " " + TITLE_B[k % 32];
      String description = "A " + DESC_ADJ[pick(4, id, 8)] + " " + DESC_KIND[pick(5, id, 8)]
          + " of a " + DESC_WHO[pick(6, id, 16)] + " And a " + DESC_WHO[pick(7, id, 16)]
          + " who must " + DESC_VERB[pick(8, id, 8)] + " a " + DESC_WHO[pick(9, id, 16)]
          + " in " + DESC_WHERE[pick(10, id, 8)];
      int[] cast = new int[1 + pick(11, id, 10)];
      int start = pick(12, id, ACTORS);
      int stride = STRIDES[pick(13, id, STRIDES.length)];
      for (int j = 0; j < cast.length; j++) {
        cast[j] = 1 + (start + j * stride) % ACTORS;
      }
      films.add(new Film(id, title, description, 3 + pick(14, id, 5),
          new BigDecimal(RATES[pick(15, id, 3)]), 46 + pick(16, id, 140),
          new BigDecimal("9.99").add(BigDecimal.valueOf(pick(17, id, 21))),
          RATINGS[pick(18, id, 5)], 1 + pick(19, id, 15), 1 + pick(20, id, CATEGORIES), cast));
    }
    return films;
  }

  public static int filmActorRows() {
    return films().stream().mapToInt(f -> f.actorIds().length).sum();
  }

  /** A value in 0..n-1 for (stream, id): SplitMix64's finalizer over a per-stream offset. */
  static int pick(long stream, long id, int n) {
    long z = stream * 0x9E3779B97F4A7C15L + id * 0xBF58476D1CE4E5B9L + 0x2545F4914F6CDD1DL;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z = z ^ (z >>> 31);
    return (int) Long.remainderUnsigned(z, n);
  }
}
