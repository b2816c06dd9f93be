package io.caasoperator.secret.tools;

import io.caasoperator.domain.UnitId;
import io.caasoperator.hooktool.KeyValues;
import io.caasoperator.hooktool.OutputFormat;
import io.caasoperator.hooktool.RelationView;
import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.relation.RelationTools;
import io.caasoperator.secret.ConsumerAccess;
import io.caasoperator.secret.ConsumerRead;
import io.caasoperator.secret.ForeignSecret;
import io.caasoperator.secret.SecretBook;
import io.caasoperator.secret.SecretChange;
import io.caasoperator.secret.SecretIds;
import io.caasoperator.secret.SecretSchedule;
import io.caasoperator.secret.SecretSettings;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The secret tools, as Juju 3.6's (internal/worker/uniter/runner/jujuc/secret-*.go) with the
 * leadership and pending-change rules of its hook context (worker/uniter/runner/context/context.go:
 * {@code CreateSecret}, {@code UpdateSecret}, {@code RemoveSecret}, {@code GetSecret}, {@code
 * SecretMetadata}): changes are {@link ToolEffect.SecretChanged} effects the unit keeps pending
 * until its hook completes; reads see them. Content is never in an error message.
 */
public final class SecretTools {

  /** Juju's {@code ErrIsNotLeader}, for application-owned secrets changed by another unit. */
  static final String NOT_LEADER = "this unit is not the leader";

  // core/secrets: keys of at least 3 characters, lower case letters and digits, single dashes
  private static final Pattern KEY = Pattern.compile("^([a-z](?:-?[a-z0-9]){2,})$");
  private static final Set<String> ROTATE_POLICIES =
      Set.of("never", "hourly", "daily", "weekly", "monthly", "quarterly", "yearly");
  private static final List<OutputFormat> YAML_OR_JSON =
      List.of(OutputFormat.YAML, OutputFormat.JSON);

  private SecretTools() {}

  private static SecretBook book(ToolCall call) {
    SecretBook book = call.ctx().secrets();
    if (!book.available()) throw ToolFailure.failed("secrets are not available in this context");
    return book;
  }

  public static ToolOutcome add(ToolCall call) {
    SecretBook book = book(call);
    String ownerFlag = call.args().value("owner", "application");
    if (!ownerFlag.equals("application") && !ownerFlag.equals("unit")) {
      throw ToolFailure.usage("secret owner " + ToolCall.quote(ownerFlag) + " not valid");
    }
    Upsert upsert = Upsert.parse(call);
    if (call.positionals().isEmpty() && !call.args().values().containsKey("file"))
      throw ToolFailure.usage("missing secret value or filename");
    Map<String, String> content = content(call, call.positionals());
    SecretOwner owner =
        ownerFlag.equals("unit")
            ? SecretOwner.unit(call.ctx().unit().name())
            : SecretOwner.application(call.ctx().application().value());
    if (owner.kind() == SecretOwner.Kind.APPLICATION && !call.ctx().isLeader())
      throw ToolFailure.failed(NOT_LEADER);
    String id = book.newId();
    SecretChange.Added added =
        new SecretChange.Added(id, owner, upsert.settings(content, call.now()));
    return new ToolOutcome(
        0, "secret:" + id + "\n", "", List.of(new ToolEffect.SecretChanged(added)));
  }

  public static ToolOutcome set(ToolCall call) {
    SecretBook book = book(call);
    Upsert upsert = Upsert.parse(call);
    if (call.positionals().isEmpty()) throw ToolFailure.usage("missing secret URI");
    String id = id(call.positionals().get(0));
    List<String> values = call.positionals().subList(1, call.positionals().size());
    Map<String, String> content =
        values.isEmpty() && !call.args().values().containsKey("file")
            ? null
            : content(call, values);
    SecretBook.Metadata secret = owned(call, book, id);
    manage(call, secret);
    SecretChange.Updated updated =
        new SecretChange.Updated(secret.id(), upsert.settings(content, call.now()));
    return ToolOutcome.applied(List.of(new ToolEffect.SecretChanged(updated)));
  }

  public static ToolOutcome get(ToolCall call) {
    SecretBook book = book(call);
    OutputFormat format = call.format(OutputFormat.YAML, YAML_OR_JSON);
    if (call.args().isSet("peek") && call.args().isSet("refresh")) {
      throw ToolFailure.usage("specify one of --peek or --refresh but not both");
    }
    Map<String, String> content;
    Optional<SecretBook.Metadata> own = ownLookup(call, book);
    if (own.isPresent()) {
      SecretBook.Metadata secret = own.get();
      call.noArgumentsFrom(call.positionals().isEmpty() ? 0 : 2);
      content =
          book.latestContent(secret.id())
              .orElseThrow(
                  () -> ToolFailure.failed("secret " + ToolCall.quote(secret.id()) + " not found"));
    } else {
      Consumed consumed = consume(call, book);
      call.noArgumentsFrom(call.positionals().isEmpty() ? 0 : 2);
      content = consumed.content();
      return printed(call, format, content, consumed.effects());
    }
    return printed(call, format, content, List.of());
  }

  /** The content, or the value of the key the call names, and the effects of reading it. */
  private static ToolOutcome printed(
      ToolCall call, OutputFormat format, Map<String, String> content, List<ToolEffect> effects) {
    String key = call.positionals().size() > 1 ? call.positionals().get(1) : null;
    if (key == null)
      return new ToolOutcome(0, format.write(new java.util.TreeMap<>(content)), "", effects);
    boolean base64 = key.endsWith("#base64");
    String name = base64 ? key.substring(0, key.length() - "#base64".length()) : key;
    String value = content.get(name);
    if (value == null)
      throw ToolFailure.failed("secret key " + ToolCall.quote(name) + " not found");
    return new ToolOutcome(
        0,
        format.write(
            base64
                ? Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8))
                : value),
        "",
        effects);
  }

  /** Another owner's secret read by a consumer unit: its content and what the read records. */
  private record Consumed(Map<String, String> content, List<ToolEffect> effects) {}

  /**
   * {@code secret-get} of a secret this application does not own, as Juju answers a consumer (juju
   * {@code apiserver/facades/agent/secretsmanager/secrets.go} {@code getSecretContent}): by id, or
   * by the consumer label the unit gave it ({@code consumer label "L" not found}); a secret of no
   * owner is not found, one not granted to this unit is {@code permission denied} ({@link
   * ConsumerAccess}); the revision read and what is recorded are {@link ConsumerRead}'s.
   */
  private static Consumed consume(ToolCall call, SecretBook book) {
    String unit = call.ctx().unit().name();
    String label = call.args().values().get("label");
    String id;
    if (!call.positionals().isEmpty()) {
      id = id(call.positionals().get(0));
    } else if (label == null) {
      throw ToolFailure.usage("require either a secret URI or label");
    } else {
      id =
          book.consumedByLabel(unit, label)
              .orElseThrow(
                  () ->
                      ToolFailure.failed("consumer label " + ToolCall.quote(label) + " not found"));
    }
    ForeignSecret secret =
        book.foreign(id)
            .orElseThrow(() -> ToolFailure.failed("secret " + ToolCall.quote(id) + " not found"));
    Map<Long, String> related = new java.util.HashMap<>();
    call.ctx()
        .relations()
        .values()
        .forEach(
            r -> {
              if (r.crossApplication() && !r.broken()) related.put(r.id(), r.remoteApplication());
            });
    if (!ConsumerAccess.allowed(secret, unit, related))
      throw ToolFailure.failed(ConsumerAccess.PERMISSION_DENIED);
    ConsumerRead read =
        ConsumerRead.decide(
            id,
            unit,
            book.consumption(unit, id),
            secret.latestRevision(),
            call.args().isSet("peek"),
            call.args().isSet("refresh"),
            call.positionals().isEmpty() ? null : label);
    Map<String, String> content =
        secret
            .content()
            .apply(read.revision())
            .orElseThrow(
                () ->
                    ToolFailure.failed(
                        "secret revision "
                            + ToolCall.quote(id + "/" + read.revision())
                            + " not found"));
    return new Consumed(
        content, read.recorded().<ToolEffect>map(ToolEffect.SecretChanged::new).stream().toList());
  }

  public static ToolOutcome infoGet(ToolCall call) {
    SecretBook book = book(call);
    OutputFormat format = call.format(OutputFormat.YAML, YAML_OR_JSON);
    if (!call.positionals().isEmpty() && call.args().values().containsKey("label")) {
      throw ToolFailure.usage("specify either a secret URI or label but not both");
    }
    SecretBook.Metadata secret = lookup(call, book);
    call.noArgumentsFrom(call.positionals().isEmpty() ? 0 : 1);
    // only what the unit may manage is shown, as Juju lists the unit's own secrets
    if (!mayManage(call, secret) && secret.owner().kind() == SecretOwner.Kind.UNIT) {
      throw ToolFailure.failed("secret " + ToolCall.quote(secret.id()) + " not found");
    }
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("revision", secret.latestRevision());
    info.put("label", secret.label() == null ? "" : secret.label());
    info.put("owner", secret.owner().kind().label());
    if (secret.description() != null) info.put("description", secret.description());
    if (secret.rotatePolicy() != null) info.put("rotation", secret.rotatePolicy());
    if (secret.expiry() != null) info.put("expiry", secret.expiry().toString());
    if (secret.nextRotation() != null) info.put("rotates", secret.nextRotation().toString());
    return ToolOutcome.printed(format.write(Map.of(secret.id(), info)));
  }

  public static ToolOutcome remove(ToolCall call) {
    SecretBook book = book(call);
    if (call.positionals().isEmpty()) throw ToolFailure.usage("missing secret URI");
    call.noArgumentsFrom(1);
    String id = id(call.positionals().get(0));
    Integer revision = null;
    String text = call.args().values().get("revision");
    if (text != null) {
      try {
        revision = Integer.parseInt(text);
      } catch (NumberFormatException e) {
        throw ToolFailure.usage(
            "invalid value " + ToolCall.quote(text) + " for flag --revision: parse error");
      }
      if (revision < 1) throw ToolFailure.usage("revision must be a positive integer");
    }
    SecretBook.Metadata secret = owned(call, book, id);
    manage(call, secret);
    return ToolOutcome.applied(
        List.of(new ToolEffect.SecretChanged(new SecretChange.Removed(secret.id(), revision))));
  }

  public static ToolOutcome ids(ToolCall call) {
    SecretBook book = book(call);
    call.noArgumentsFrom(0);
    // Juju's secret-ids: bare ids (no "secret:"), smart format by default (secret-ids.go)
    OutputFormat format = call.format();
    List<String> ids =
        book.all().values().stream()
            .filter(s -> mayManage(call, s))
            .map(SecretBook.Metadata::id)
            .sorted()
            .toList();
    return ToolOutcome.printed(format.write(ids));
  }

  /**
   * Recorded as Juju's {@code secret-grant}/{@code secret-revoke} validate it ({@code
   * internal/worker/uniter/runner/jujuc/secret-grant.go}): a relation this unit knows (the running
   * relation hook's by default), and a {@code --unit} of the application at its other end. Access
   * changes nothing for this application's own units, which read its secrets already; grants are
   * kept for relations with other applications and shown by {@code show-secret}.
   */
  public static ToolOutcome grantOrRevoke(ToolCall call, boolean granted) {
    SecretBook book = book(call);
    if (call.positionals().isEmpty()) throw ToolFailure.usage("missing secret URI");
    String id = id(call.positionals().get(0));
    RelationView relation = RelationTools.relation(call);
    String unit = call.args().value("unit", "");
    if (!unit.isEmpty()) {
      String application;
      try {
        application = UnitId.parse(unit).application().value();
      } catch (IllegalArgumentException notAUnit) {
        throw ToolFailure.usage("unit " + ToolCall.quote(unit) + " not valid");
      }
      if (!application.equals(relation.remoteApplication())) {
        throw ToolFailure.usage(
            "cannot specify unit "
                + ToolCall.quote(unit)
                + " in relation to application "
                + ToolCall.quote(relation.remoteApplication()));
      }
    }
    call.noArgumentsFrom(1);
    SecretBook.Metadata secret = owned(call, book, id);
    manage(call, secret);
    return ToolOutcome.applied(
        List.of(
            new ToolEffect.SecretChanged(
                new SecretChange.Access(secret.id(), granted, relation.key(), unit))));
  }

  /**
   * This application's secret the call names ({@code <ID>} or the owner's {@code --label}), if it
   * is one the unit reads as its own; empty for anything else (another owner's, or none).
   */
  private static Optional<SecretBook.Metadata> ownLookup(ToolCall call, SecretBook book) {
    String label = call.args().values().get("label");
    if (!call.positionals().isEmpty()) {
      String id = id(call.positionals().get(0));
      return book.find(id).filter(s -> readable(call, s));
    }
    if (label == null) throw ToolFailure.usage("require either a secret URI or label");
    return book.byLabel(owners(call), label);
  }

  /** {@code <ID>} or {@code --label}: the ID when both are given (ops sends both). */
  private static SecretBook.Metadata lookup(ToolCall call, SecretBook book) {
    String label = call.args().values().get("label");
    if (!call.positionals().isEmpty()) {
      String id = id(call.positionals().get(0));
      return book.find(id)
          .filter(s -> readable(call, s))
          .orElseThrow(() -> ToolFailure.failed("secret " + ToolCall.quote(id) + " not found"));
    }
    if (label == null) throw ToolFailure.usage("require either a secret URI or label");
    return book.byLabel(owners(call), label)
        .orElseThrow(() -> ToolFailure.failed("secret " + ToolCall.quote(label) + " not found"));
  }

  private static SecretBook.Metadata owned(ToolCall call, SecretBook book, String id) {
    return book.find(id)
        .filter(s -> readable(call, s))
        .orElseThrow(() -> ToolFailure.failed("secret " + ToolCall.quote(id) + " not found"));
  }

  private static void manage(ToolCall call, SecretBook.Metadata secret) {
    if (secret.owner().kind() == SecretOwner.Kind.APPLICATION && !call.ctx().isLeader()) {
      throw ToolFailure.failed(NOT_LEADER);
    }
  }

  private static List<SecretOwner> owners(ToolCall call) {
    return List.of(
        SecretOwner.unit(call.ctx().unit().name()),
        SecretOwner.application(call.ctx().application().value()));
  }

  /** The application's secrets are read by all its units; a unit's own by that unit only. */
  private static boolean readable(ToolCall call, SecretBook.Metadata secret) {
    return owners(call).contains(secret.owner());
  }

  private static boolean mayManage(ToolCall call, SecretBook.Metadata secret) {
    return secret.owner().equals(SecretOwner.unit(call.ctx().unit().name()))
        || (secret.owner().kind() == SecretOwner.Kind.APPLICATION
            && call.ctx().isLeader()
            && readable(call, secret));
  }

  /** {@code secret:<id>}, {@code secret://<model>/<id>} or the bare id, as Juju's ParseURI. */
  static String id(String uri) {
    String id = uri;
    if (id.startsWith("secret://")) {
      id = id.substring(id.lastIndexOf('/') + 1);
    } else if (id.startsWith("secret:")) {
      id = id.substring("secret:".length());
    }
    if (!SecretIds.valid(id))
      throw ToolFailure.usage("secret URI " + ToolCall.quote(uri) + " not valid");
    return id;
  }

  /**
   * The keys of {@code --file} (a YAML map, sent by the shim as standard input), then {@code
   * key=value} and {@code key#base64=value} arguments, which override the file's as in Juju's
   * {@code secret-add} (the shim has read {@code key#file=path} already). A {@code #base64} key of
   * the file is decoded as an argument's is.
   */
  static Map<String, String> content(ToolCall call, List<String> args) {
    Map<String, String> given = KeyValues.file(call);
    given.putAll(KeyValues.parse(args));
    Map<String, String> content = new LinkedHashMap<>();
    for (Map.Entry<String, String> entry : given.entrySet()) {
      String key = entry.getKey();
      String value = entry.getValue();
      if (key.endsWith("#base64")) {
        key = key.substring(0, key.length() - "#base64".length());
        try {
          value = new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
          throw ToolFailure.usage("invalid base64 value for key " + ToolCall.quote(key));
        }
      } else if (key.endsWith("#file")) {
        throw ToolFailure.failed(
            "cannot read the file of "
                + ToolCall.quote(key)
                + ": call the tool through its shim, which sends the file's content");
      }
      if (!KEY.matcher(key).matches())
        throw ToolFailure.usage("key " + ToolCall.quote(key) + " not valid");
      content.put(key, value);
    }
    if (content.isEmpty()) throw ToolFailure.usage("empty secret value not valid");
    return content;
  }

  /** The flags secret-add and secret-set share. */
  private record Upsert(String label, String description, Instant expiry, String rotate) {
    static Upsert parse(ToolCall call) {
      Map<String, String> flags = call.args().values();
      String rotate = flags.get("rotate");
      if (rotate != null && !ROTATE_POLICIES.contains(rotate)) {
        throw ToolFailure.usage("rotate policy " + ToolCall.quote(rotate) + " not valid");
      }
      String expire = flags.get("expire");
      return new Upsert(
          flags.get("label"),
          flags.get("description"),
          expire == null ? null : SecretTools.expiry(expire, call.now()),
          rotate);
    }

    /**
     * These flags with {@code content} (null: unchanged); the rotate policy first asks for a
     * rotation its period from now ({@code never}: never).
     */
    SecretSettings settings(Map<String, String> content, Instant now) {
      return new SecretSettings(
          label,
          description,
          expiry,
          rotate,
          SecretSchedule.nextRotation(rotate, now).orElse(null),
          content);
    }
  }

  private static final Pattern GO_DURATION = Pattern.compile("((\\d+(?:\\.\\d+)?)(h|m|s|ms))+");
  private static final Pattern GO_PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(h|ms|m|s)");

  /** RFC 3339, RFC 3339 without a zone (UTC), or a Go duration from now, as secret-add's Init. */
  static Instant expiry(String spec, Instant now) {
    try {
      return OffsetDateTime.parse(spec).toInstant();
    } catch (DateTimeParseException notRfc3339) {
      // next form
    }
    try {
      return LocalDateTime.parse(spec).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException notLocal) {
      // next form
    }
    if (!GO_DURATION.matcher(spec).matches()) {
      throw ToolFailure.usage("expire time or duration " + ToolCall.quote(spec) + " not valid");
    }
    Matcher part = GO_PART.matcher(spec);
    double millis = 0;
    while (part.find()) {
      double n = Double.parseDouble(part.group(1));
      millis +=
          switch (part.group(2)) {
            case "h" -> n * 3_600_000;
            case "m" -> n * 60_000;
            case "s" -> n * 1000;
            default -> n;
          };
    }
    if (millis <= 0)
      throw ToolFailure.usage("negative expire duration " + ToolCall.quote(spec) + " not valid");
    return now.plus((long) millis, ChronoUnit.MILLIS);
  }
}
