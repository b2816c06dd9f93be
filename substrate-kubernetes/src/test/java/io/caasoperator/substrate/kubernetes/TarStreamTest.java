package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TarStreamTest {

  /**
   * GNU tar reading a pipe waits for a whole record before it ends, and exec stdin never ends while
   * the connection is open: an archive cut short of a record leaves {@code tar -x} in the pod
   * waiting.
   */
  @Test
  void anArchiveIsAWholeNumberOfTarRecords() {
    byte[] small = new TarStream().file("hooks/install", "#!/bin/sh\n".getBytes(), 0755).finish();
    byte[] large = new TarStream().file("data", new byte[3 * TarStream.RECORD + 1], 0644).finish();

    assertThat(small).hasSize(TarStream.RECORD);
    assertThat(large.length % TarStream.RECORD).isZero();
    assertThat(large.length).isGreaterThan(3 * TarStream.RECORD);
  }
}
