package io.caasoperator.secret;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * New secret ids as Juju makes them ({@code core/secrets.NewURI}: an {@code rs/xid}): 12 bytes (4
 * of seconds since the epoch, 5 random in place of machine and process, 3 of a counter) written as
 * 20 characters of base32hex in lower case, so ids sort by creation time.
 */
public final class SecretIds implements Supplier<String> {

  private static final char[] ALPHABET = "0123456789abcdefghijklmnopqrstuv".toCharArray();

  private final Clock clock;
  private final byte[] middle = new byte[5];
  private final AtomicInteger counter;

  public SecretIds(Clock clock) {
    this.clock = clock;
    SecureRandom random = new SecureRandom();
    random.nextBytes(middle);
    this.counter = new AtomicInteger(random.nextInt());
  }

  @Override
  public String get() {
    long seconds = clock.instant().getEpochSecond();
    int count = counter.getAndIncrement();
    byte[] id = {
      (byte) (seconds >>> 24),
      (byte) (seconds >>> 16),
      (byte) (seconds >>> 8),
      (byte) seconds,
      middle[0],
      middle[1],
      middle[2],
      middle[3],
      middle[4],
      (byte) (count >>> 16),
      (byte) (count >>> 8),
      (byte) count
    };
    return encode(id);
  }

  /**
   * rs/xid's encoding: 96 bits, 5 at a time, the last character taking the last 1 bit (plus 4 zero
   * bits).
   */
  static String encode(byte[] id) {
    StringBuilder text = new StringBuilder(20);
    int buffer = 0;
    int bits = 0;
    for (byte b : id) {
      buffer = (buffer << 8) | (b & 0xff);
      bits += 8;
      while (bits >= 5) {
        text.append(ALPHABET[(buffer >>> (bits - 5)) & 31]);
        bits -= 5;
      }
    }
    if (bits > 0) text.append(ALPHABET[(buffer << (5 - bits)) & 31]);
    return text.toString();
  }

  /**
   * Whether {@code id} has the shape of one (Juju's {@code ParseURI} accepts 20 such characters).
   */
  public static boolean valid(String id) {
    return id != null && id.matches("[0-9a-v]{20}");
  }
}
