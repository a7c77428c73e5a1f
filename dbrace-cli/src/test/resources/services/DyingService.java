import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A service process for ServiceDeathIT: answers /db on 127.0.0.1:PORT, then exits with code 3
 * after its ANSWERS-th answer, as a service that crashes mid-run.
 */
public class DyingService {
  public static void main(String[] args) throws Exception {
    int answers = Integer.parseInt(args[1]);
    AtomicInteger served = new AtomicInteger();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", Integer.parseInt(args[0])), 64);
    server.createContext("/", ex -> {
      boolean health = ex.getRequestURI().getPath().equals("/health");
      byte[] body = (health ? "ok" : "{\"id\":1,\"randomNumber\":2}").getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().add("content-type", health ? "text/plain" : "application/json");
      ex.sendResponseHeaders(200, body.length);
      ex.getResponseBody().write(body);
      ex.close();
      if (!health && served.incrementAndGet() == answers) {
        Runtime.getRuntime().halt(3);
      }
    });
    server.start();
    System.out.println("ready");
  }
}
