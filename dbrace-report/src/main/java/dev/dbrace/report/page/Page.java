package dev.dbrace.report.page;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import dev.dbrace.core.run.Json;
import dev.dbrace.report.format.Format;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Properties;

/**
 * Renders a page from a Mustache template under {@code dev/dbrace/report/}. Mustache escapes
 * every {@code {{value}}} for HTML, so text from results (stack names, SQL, error messages)
 * cannot become markup; only the trusted assets and the JSON blob go in unescaped, and the blob
 * is escaped for its {@code <script>} element here. Thread-safe.
 */
public final class Page {
  private static final String BASE = "/dev/dbrace/report/";
  private static final Mustache.Compiler MUSTACHE = Mustache.compiler()
      .nullValue("") // a missing figure renders empty; a misspelt name still fails
      .emptyStringIsFalse(true)
      .withLoader(name -> reader(name + ".mustache"));

  /** The page's fixed parts, inlined so the file opens from disk with no network. */
  public record Assets(String css, String errorHook, String chartLibrary, String chartLibraryName, String script) {
    public static final Assets INSTANCE = load();

    private static Assets load() {
      // the source map comment is the library's only reference to another file: drop it
      String chartJs = inlineScript(ChartLibrary.RESOURCE).replaceAll("(?m)^//# sourceMappingURL=.*$", "");
      return new Assets(text("report.css"), inlineScript("error-hook.js"), chartJs,
          "Chart.js " + ChartLibrary.VERSION, inlineScript("report.js"));
    }
  }

  private Page() {}

  public static String render(String template, Object model) {
    Template t = MUSTACHE.compile(text(template + ".html.mustache"));
    return t.execute(model);
  }

  /**
   * JSON for a {@code <script type="application/json">} element: {@code <}, {@code >} and
   * {@code &} only occur inside JSON strings, so writing them as \\u escapes keeps the data
   * identical for JSON.parse while no {@code </script>} or {@code <!--} can end the element. A
   * password in a URL (there should be none) is masked like everywhere else in the page.
   */
  public static String jsonBlob(Object data) {
    try {
      return Format.withoutPassword(Json.MAPPER.writeValueAsString(data))
          .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
          .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A script to inline; one containing {@code </script} would end its element early. */
  private static String inlineScript(String resource) {
    String js = text(resource);
    if (js.toLowerCase(Locale.ROOT).contains("</script")) {
      throw new IllegalStateException(resource + " contains </script and cannot be inlined");
    }
    return js;
  }

  static String text(String resource) {
    String path = resource.startsWith("/") ? resource : BASE + resource;
    try (InputStream in = Page.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Reader reader(String resource) {
    return new StringReader(text(resource));
  }

  /** Chart.js from its webjar on the classpath, the version read from the webjar itself. */
  static final class ChartLibrary {
    static final String VERSION = version();
    static final String RESOURCE = "/META-INF/resources/webjars/chart.js/" + VERSION + "/dist/chart.umd.min.js";

    private ChartLibrary() {}

    private static String version() {
      try (InputStream in = Page.class.getResourceAsStream("/META-INF/maven/org.webjars.npm/chart.js/pom.properties")) {
        if (in == null) {
          throw new IllegalStateException("the Chart.js webjar (org.webjars.npm:chart.js) is not on the classpath");
        }
        Properties p = new Properties();
        p.load(in);
        return p.getProperty("version");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
