import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;

/**
 * The floor of the pod path's server side (docs/performance.md, issue 17): a bare JDK TLS server
 * (JSSE, a virtual thread per connection, a fixed reply), with the listener's kind of key (ECDSA
 * P-256). Prints the JVM's CPU time per connection every 50 connections. Run by tls-floor.sh.
 */
public class TlsFloor {
  public static void main(String[] args) throws Exception {
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (var in = new FileInputStream(args[0])) {
      keys.load(in, "changeit".toCharArray());
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
    kmf.init(keys, "changeit".toCharArray());
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(kmf.getKeyManagers(), null, null);
    var server =
        (SSLServerSocket)
            tls.getServerSocketFactory()
                .createServerSocket(Integer.parseInt(args[1]), 50, InetAddress.getLoopbackAddress());
    System.out.println("ready");
    long before = cpuMillis();
    for (int n = 1; ; n++) {
      Socket socket = server.accept();
      Thread.startVirtualThread(() -> answer(socket));
      if (n % 50 == 0) {
        long now = cpuMillis();
        System.out.println("connections " + n + " jvm cpu per connection " + (now - before) / 50.0 + " ms");
        before = now;
      }
    }
  }

  private static void answer(Socket socket) {
    try (socket) {
      var in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
      int length = 0;
      for (String line; (line = in.readLine()) != null && !line.isEmpty(); ) {
        if (line.toLowerCase().startsWith("content-length:")) length = Integer.parseInt(line.substring(15).trim());
      }
      for (int i = 0; i < length; i++) in.read();
      OutputStream out = socket.getOutputStream();
      out.write("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nConnection: close\r\n\r\nok\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
    } catch (Exception e) {
      e.printStackTrace();
    }
  }

  /** user + system time of this JVM, from /proc/self/stat (USER_HZ = 100). */
  private static long cpuMillis() throws Exception {
    String[] fields = Files.readString(Path.of("/proc/self/stat")).split("\\) ")[1].split(" ");
    return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10;
  }
}
