package io.caasoperator.charm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.ZipException;

/**
 * Reads the unix mode of every entry from a zip's central directory. {@link java.util.zip.ZipFile}
 * inflates entries but hides the "external attributes" field where zip tools store the unix mode
 * (file type and permission bits in the high 16 bits); without it hooks would lose their execute
 * bit and symlinks would unpack as plain files.
 */
final class ZipCentralDirectory {
  private ZipCentralDirectory() {}

  private static final int EOCD_SIGNATURE = 0x06054b50;
  private static final int ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
  private static final int ZIP64_EOCD_SIGNATURE = 0x06064b50;
  private static final int CEN_SIGNATURE = 0x02014b50;
  private static final int EOCD_SIZE = 22;
  private static final int MAX_COMMENT = 0xFFFF;

  /** Far above any real charm; bounds what a hostile archive can make us allocate. */
  private static final long MAX_CENTRAL_DIRECTORY = 64L * 1024 * 1024;

  /** "Version made by" hosts whose external attributes carry a unix mode: Unix and OS X. */
  private static final int HOST_UNIX = 3;

  private static final int HOST_OSX = 19;

  /**
   * Entry name (decoded as UTF-8, like ZipFile does) to unix mode; 0 when the archive gives none.
   */
  static Map<String, Integer> unixModes(Path zip) throws IOException {
    try (FileChannel channel = FileChannel.open(zip, StandardOpenOption.READ)) {
      long size = channel.size();
      int tailLength = (int) Math.min(size, EOCD_SIZE + MAX_COMMENT);
      ByteBuffer tail = read(channel, size - tailLength, tailLength);
      int eocd = -1;
      for (int i = tailLength - EOCD_SIZE; i >= 0; i--) {
        if (tail.getInt(i) == EOCD_SIGNATURE) {
          eocd = i;
          break;
        }
      }
      if (eocd < 0) throw new ZipException("no end of central directory record");
      long entries = tail.getShort(eocd + 10) & 0xFFFFL;
      long cenSize = tail.getInt(eocd + 12) & 0xFFFFFFFFL;
      long cenOffset = tail.getInt(eocd + 16) & 0xFFFFFFFFL;
      if (entries == 0xFFFF || cenSize == 0xFFFFFFFFL || cenOffset == 0xFFFFFFFFL) {
        long eocdPosition = size - tailLength + eocd;
        ByteBuffer locator = read(channel, eocdPosition - 20, 20);
        if (locator.getInt(0) != ZIP64_LOCATOR_SIGNATURE)
          throw new ZipException("bad zip64 locator");
        ByteBuffer zip64 = read(channel, locator.getLong(8), 56);
        if (zip64.getInt(0) != ZIP64_EOCD_SIGNATURE) throw new ZipException("bad zip64 end record");
        entries = zip64.getLong(32);
        cenSize = zip64.getLong(40);
        cenOffset = zip64.getLong(48);
      }
      if (cenSize > MAX_CENTRAL_DIRECTORY || cenOffset + cenSize > size) {
        throw new ZipException("bad central directory size");
      }
      return parse(read(channel, cenOffset, (int) cenSize), entries);
    }
  }

  private static Map<String, Integer> parse(ByteBuffer cen, long entries) throws ZipException {
    Map<String, Integer> modes = new HashMap<>();
    int pos = 0;
    for (long i = 0; i < entries; i++) {
      if (pos + 46 > cen.limit() || cen.getInt(pos) != CEN_SIGNATURE) {
        throw new ZipException("bad central directory entry");
      }
      int host = cen.get(pos + 5) & 0xFF;
      int nameLength = cen.getShort(pos + 28) & 0xFFFF;
      int extraLength = cen.getShort(pos + 30) & 0xFFFF;
      int commentLength = cen.getShort(pos + 32) & 0xFFFF;
      long external = cen.getInt(pos + 38) & 0xFFFFFFFFL;
      if (pos + 46 + nameLength > cen.limit())
        throw new ZipException("bad central directory entry");
      byte[] name = new byte[nameLength];
      cen.get(pos + 46, name);
      String entryName = new String(name, StandardCharsets.UTF_8);
      int mode = host == HOST_UNIX || host == HOST_OSX ? (int) (external >>> 16) : 0;
      if (modes.put(entryName, mode) != null) {
        // ZipFile would serve one body for both names: which one is unpacked would be a guess.
        throw new ZipException("archive entry \"" + entryName + "\": duplicate entry");
      }
      pos += 46 + nameLength + extraLength + commentLength;
    }
    return modes;
  }

  private static ByteBuffer read(FileChannel channel, long position, int length)
      throws IOException {
    if (position < 0) throw new ZipException("truncated archive");
    ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
    while (buffer.hasRemaining()) {
      if (channel.read(buffer, position + buffer.position()) < 0)
        throw new ZipException("truncated archive");
    }
    return buffer.flip();
  }
}
