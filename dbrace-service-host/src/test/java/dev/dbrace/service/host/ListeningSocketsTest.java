package dev.dbrace.service.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** The kernel's socket tables read back: its address format, and this very JVM's listening socket found by its inode. */
class ListeningSocketsTest {
  @Test
  void procAddressesReadAsTheKernelWritesThem() {
    assertEquals("127.0.0.1:8080", ListeningSockets.address("0100007F:1F90"));
    assertEquals("0.0.0.0:5432", ListeningSockets.address("00000000:1538"));
    assertEquals("[0:0:0:0:0:0:0:1]:443", ListeningSockets.address("00000000000000000000000001000000:01BB"));
  }

  @Test
  void aSocketThisProcessListensOnIsFound() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      assertTrue(ListeningSockets.of(ProcessHandle.current()).contains("127.0.0.1:" + s.getLocalPort()),
          ListeningSockets.of(ProcessHandle.current()).toString());
    }
  }
}
