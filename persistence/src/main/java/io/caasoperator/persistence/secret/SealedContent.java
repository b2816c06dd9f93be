package io.caasoperator.persistence.secret;

import java.util.Objects;

/**
 * One revision's content as the journal keeps it: encrypted (AES-GCM) with the operator's secret
 * key, never in clear. {@code digest} is a keyed hash (HMAC-SHA256, truncated) of the content, so
 * the journal, replay and exports can show that two revisions differ, or are the same, without
 * being a dictionary oracle for a short password (a plain SHA-256 would be).
 *
 * @param nonce the GCM nonce, base64
 * @param ciphertext the encrypted JSON object of the content (key to value), with its tag, base64
 * @param digest {@code hmac-sha256:<16 hex>} of the content
 */
public record SealedContent(String nonce, String ciphertext, String digest) {
  public SealedContent {
    Objects.requireNonNull(nonce, "nonce");
    Objects.requireNonNull(ciphertext, "ciphertext");
    Objects.requireNonNull(digest, "digest");
  }

  /** Never the ciphertext either: this record's text ends up in log lines and exceptions. */
  @Override
  public String toString() {
    return "SealedContent[" + digest + "]";
  }
}
