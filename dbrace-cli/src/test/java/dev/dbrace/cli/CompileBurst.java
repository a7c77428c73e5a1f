package dev.dbrace.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.ToolProvider;

/**
 * A JVM for CompilerThreadsKeptIT to watch: says {@code ready}, waits for a line on stdin, then gives the JIT a burst of
 * work (javac, in process, compiling a small class a few times: thousands of methods hot at once), says {@code done}
 * and waits for its stdin to close.
 */
public final class CompileBurst {
  private CompileBurst() {}

  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    System.out.println("ready");
    System.out.flush();
    in.readLine();
    Path dir = Files.createTempDirectory("dbrace-burst");
    Path src = Files.writeString(dir.resolve("A.java"), "import java.util.*;\npublic class A {\n"
        + "  public static void main(String[] a) {\n    List<String> l = new ArrayList<>();\n"
        + "    for (int i = 0; i < 10; i++) l.add(\"x\" + i);\n"
        + "    System.out.println(l.stream().map(String::toUpperCase).toList());\n  }\n}\n");
    var javac = ToolProvider.getSystemJavaCompiler();
    for (int i = 0; i < 8; i++) {
      javac.run(null, null, null, "-d", dir.toString(), src.toString());
    }
    System.out.println("done");
    System.out.flush();
    in.readLine();
  }
}
