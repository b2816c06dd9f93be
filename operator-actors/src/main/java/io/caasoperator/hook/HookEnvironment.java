package io.caasoperator.hook;

import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.PebbleNotice;
import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The environment a hook, action or exec'd command runs with: the variables Juju's runner sets
 * ({@code HookVars} in juju/juju {@code worker/uniter/runner/context/context.go}, Juju 3.6, then
 * {@code ubuntuEnv} of {@code env.go}), so existing charms and the ops framework run unmodified;
 * the hook tools first on {@code PATH}; and the context token the tools present.
 *
 * <p>Every run gets the same model-wide variables. Juju exports the ones it has no value for as
 * empty rather than leaving them out ("better to explicitly export them as empty"), and so does
 * this: {@code JUJU_API_ADDRESSES} (there is no Juju controller API here), {@code JUJU_MACHINE_ID}
 * and {@code JUJU_PRINCIPAL_UNIT} (Kubernetes units have neither), {@code JUJU_AVAILABILITY_ZONE},
 * the {@code JUJU_CHARM_*_PROXY} settings. {@code JUJU_HOOK_NAME} is exported for every run, empty
 * for actions and exec as in Juju. What differs per run is given by its {@link Run}: the hook's
 * name and dispatch path and its {@link Subject}, an action's name and id.
 *
 * @param modelName JUJU_MODEL_NAME
 * @param modelUuid JUJU_MODEL_UUID: the model's identity, from the operator's journal ({@code
 *     operator.ModelIdentified}); empty only until the operator has read its journal, and no unit
 *     runs before then
 * @param jujuVersion JUJU_VERSION; the Juju version whose hook-tool behaviour we follow
 * @param cloudApiVersion CLOUD_API_VERSION: the substrate's API version (the Kubernetes API
 *     server's), empty when it has none
 * @param toolsDir the directory of hook-tool commands, put first on PATH
 * @param systemPath the rest of PATH
 * @param operatorUrl where hook tools reach the operator's HTTP listener (empty when none)
 * @param caFile the listener's certificate the tools trust (null when plain HTTP)
 * @param toolAddress {@code 127.0.0.1:<port>} of the loopback hook-tool listener, which the tools
 *     of processes on this machine call instead of {@code operatorUrl}; empty when there is none
 */
public record HookEnvironment(
    String modelName,
    String modelUuid,
    String jujuVersion,
    String cloudApiVersion,
    Path toolsDir,
    String systemPath,
    String operatorUrl,
    Path caFile,
    String toolAddress) {

  public static final String DEFAULT_JUJU_VERSION = "3.6.0";
  public static final String CONTEXT_TOKEN = "CAAS_OPERATOR_CONTEXT_TOKEN";

  /**
   * Where the tools find the loopback listener; meaningless in a pod, where hooks do not share the
   * operator's loopback.
   */
  public static final String TOOL_ADDRESS = "CAAS_HOOK_TOOL_ADDRESS";

  /** The model's SLA level when none was set: Juju's default ({@code juju sla} says so too). */
  static final String SLA = "unsupported";

  /** A unit whose meter status nobody set: Juju's {@code MeterNotSet}. */
  static final String METER_STATUS = "NOT SET";

  /** What one run is: it decides the variables that are not the same for every run. */
  public sealed interface Run {
    /**
     * A hook.
     *
     * @param name e.g. {@code install}, {@code web-pebble-ready}, {@code data-storage-attached}
     * @param subject what the hook is about: its variables besides its name
     */
    record Hook(String name, Subject subject) implements Run {
      public Hook {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(subject, "subject");
      }

      /** A hook about nothing but itself, such as {@code install} or {@code config-changed}. */
      public Hook(String name) {
        this(name, new Nothing());
      }
    }

    /**
     * An action: {@code JUJU_ACTION_NAME}, {@code JUJU_ACTION_UUID} (its id) and {@code
     * JUJU_ACTION_TAG} ({@code action-<id>}). Its dispatch path is {@code actions/<name>} when the
     * charm's action script runs ({@code script}), none when commands run as the action.
     */
    record Action(String name, String id, boolean script) implements Run {
      public Action {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(id, "id");
      }
    }

    /** Commands exec'd in the unit's context: no hook, no dispatch path. */
    record Exec() implements Run {}
  }

  /**
   * What a hook is about, beyond its name, and the variables that say so: nothing (install,
   * config-changed, leader-settings-changed), a workload (pebble-ready), a storage instance, a
   * relation, a Pebble notice or check, or a secret. One kind each, as Juju sets only those of the
   * hook's kind.
   */
  public sealed interface Subject {
    /** Puts the variables that name this subject into {@code env}. */
    void putInto(Map<String, String> env);
  }

  /** The subject of a hook about nothing but itself: no variables. */
  public record Nothing() implements Subject {
    @Override
    public void putInto(Map<String, String> env) {}
  }

  /** A pebble-ready hook's container: {@code JUJU_WORKLOAD_NAME}. */
  public record Workload(String name) implements Subject {
    public Workload {
      Objects.requireNonNull(name, "name");
    }

    @Override
    public void putInto(Map<String, String> env) {
      env.put("JUJU_WORKLOAD_NAME", name);
    }
  }

  /**
   * A relation hook's relation, as Juju's {@code HookVars} names it ({@code
   * internal/worker/uniter/runner/context/context.go}): {@code JUJU_RELATION}, {@code
   * JUJU_RELATION_ID}, {@code JUJU_REMOTE_UNIT} (empty for relation-created and a change of the
   * application's databag), {@code JUJU_REMOTE_APP}, and {@code JUJU_DEPARTING_UNIT} when a unit
   * departs.
   *
   * @param id as Juju prints it: {@code <name>:<number>}
   */
  public record Relation(
      String name, String id, String remoteUnit, String remoteApplication, String departingUnit)
      implements Subject {
    public Relation {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(id, "id");
      remoteUnit = remoteUnit == null ? "" : remoteUnit;
      remoteApplication = remoteApplication == null ? "" : remoteApplication;
      departingUnit = departingUnit == null ? "" : departingUnit;
    }

    @Override
    public void putInto(Map<String, String> env) {
      env.put("JUJU_RELATION", name);
      env.put("JUJU_RELATION_ID", id);
      env.put("JUJU_REMOTE_UNIT", remoteUnit);
      env.put("JUJU_REMOTE_APP", remoteApplication);
      if (!departingUnit.isEmpty()) env.put("JUJU_DEPARTING_UNIT", departingUnit);
    }
  }

  /**
   * A storage hook's storage instance: {@code JUJU_STORAGE_ID}, {@code JUJU_STORAGE_LOCATION},
   * {@code JUJU_STORAGE_KIND}.
   *
   * @param id e.g. {@code data/0}
   * @param location where it is mounted, as the hook sees it
   * @param kind {@code filesystem} or {@code block}
   */
  public record Storage(String id, String location, String kind) implements Subject {
    public Storage {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(location, "location");
      Objects.requireNonNull(kind, "kind");
    }

    @Override
    public void putInto(Map<String, String> env) {
      env.put("JUJU_STORAGE_ID", id);
      env.put("JUJU_STORAGE_LOCATION", location);
      env.put("JUJU_STORAGE_KIND", kind);
    }
  }

  /**
   * What a Pebble notice hook is about, as Juju names it (juju {@code
   * internal/worker/uniter/runner/context/context.go}, {@code HookVars}): a custom notice's {@code
   * JUJU_NOTICE_ID}, {@code JUJU_NOTICE_TYPE} and {@code JUJU_NOTICE_KEY}, or a check's {@code
   * JUJU_PEBBLE_CHECK_NAME}; ops reads them in {@code ops/jujucontext.py}. Empty values are left
   * out, as Juju sets only those of the hook's kind; the container whose Pebble noticed it is
   * {@code JUJU_WORKLOAD_NAME}.
   *
   * @param notice as Pebble reported it
   */
  public record Notice(PebbleNotice notice) implements Subject {
    public Notice {
      Objects.requireNonNull(notice, "notice");
    }

    @Override
    public void putInto(Map<String, String> env) {
      env.put("JUJU_WORKLOAD_NAME", notice.container());
      putIfSet(env, "JUJU_NOTICE_ID", notice.noticeId());
      putIfSet(env, "JUJU_NOTICE_TYPE", notice.noticeType());
      putIfSet(env, "JUJU_NOTICE_KEY", notice.noticeKey());
      putIfSet(env, "JUJU_PEBBLE_CHECK_NAME", notice.checkName());
    }

    private static void putIfSet(Map<String, String> env, String name, String value) {
      if (value != null && !value.isEmpty()) env.put(name, value);
    }
  }

  /**
   * The secret a secret hook is about, as Juju names it (juju {@code
   * internal/worker/uniter/runner/context/context.go}, {@code HookVars}): {@code JUJU_SECRET_ID}
   * (the URI) and {@code JUJU_SECRET_LABEL} (empty when none) always, {@code JUJU_SECRET_REVISION}
   * only when there is one (secret-expired and secret-remove; not secret-rotate).
   *
   * @param revision 0 for none
   */
  public record Secret(String uri, String label, int revision) implements Subject {
    public Secret {
      Objects.requireNonNull(uri, "uri");
      label = label == null ? "" : label;
    }

    @Override
    public void putInto(Map<String, String> env) {
      env.put("JUJU_SECRET_ID", uri);
      env.put("JUJU_SECRET_LABEL", label);
      if (revision > 0) env.put("JUJU_SECRET_REVISION", Integer.toString(revision));
    }
  }

  public HookEnvironment {
    if (modelName == null || modelName.isBlank())
      throw new IllegalArgumentException("model name is empty");
    if (jujuVersion == null || jujuVersion.isBlank())
      throw new IllegalArgumentException("juju version is empty");
    Objects.requireNonNull(toolsDir, "toolsDir");
    modelUuid = modelUuid == null ? "" : modelUuid;
    cloudApiVersion = cloudApiVersion == null ? "" : cloudApiVersion;
    if (systemPath == null || systemPath.isBlank()) systemPath = "/usr/local/bin:/usr/bin:/bin";
    operatorUrl = operatorUrl == null ? "" : operatorUrl;
    toolAddress = toolAddress == null ? "" : toolAddress;
  }

  /** Before the model's identity and the substrate's API version are known. */
  public HookEnvironment(
      String modelName,
      String jujuVersion,
      Path toolsDir,
      String systemPath,
      String operatorUrl,
      Path caFile,
      String toolAddress) {
    this(modelName, "", jujuVersion, "", toolsDir, systemPath, operatorUrl, caFile, toolAddress);
  }

  public HookEnvironment withOperator(String url, Path ca) {
    return new HookEnvironment(
        modelName,
        modelUuid,
        jujuVersion,
        cloudApiVersion,
        toolsDir,
        systemPath,
        url,
        ca,
        toolAddress);
  }

  /** With the model's identity, once the operator has read (or made) it. */
  public HookEnvironment withModelUuid(String uuid) {
    return new HookEnvironment(
        modelName,
        uuid,
        jujuVersion,
        cloudApiVersion,
        toolsDir,
        systemPath,
        operatorUrl,
        caFile,
        toolAddress);
  }

  /** With the substrate's API version ({@code CLOUD_API_VERSION}). */
  public HookEnvironment withCloudApiVersion(String version) {
    return new HookEnvironment(
        modelName,
        modelUuid,
        jujuVersion,
        version,
        toolsDir,
        systemPath,
        operatorUrl,
        caFile,
        toolAddress);
  }

  /**
   * The complete environment of one run of {@code unit}: the process gets this and nothing else.
   *
   * @param unitDir the unit's directory: {@code HOME}
   * @param charmView the unit's charm directory as the run sees it ({@code JUJU_CHARM_DIR})
   * @param run what runs: a hook, an action or exec'd commands
   * @param contextId {@code JUJU_CONTEXT_ID}
   * @param token the secret the hook tools present; null for none
   */
  public Map<String, String> forContext(
      UnitId unit, Path unitDir, Path charmView, Run run, String contextId, String token) {
    Objects.requireNonNull(run, "run");
    Map<String, String> env = new HashMap<>();
    String charmDir = charmView.toAbsolutePath().toString();
    env.put("CHARM_DIR", charmDir); // legacy, as in Juju
    env.put("JUJU_CHARM_DIR", charmDir);
    env.put("JUJU_CONTEXT_ID", contextId);
    env.put("JUJU_HOOK_NAME", run instanceof Run.Hook hook ? hook.name() : "");
    env.put("JUJU_AGENT_SOCKET_ADDRESS", socketAddress(operatorUrl));
    env.put("JUJU_AGENT_SOCKET_NETWORK", "tcp");
    env.put("JUJU_UNIT_NAME", unit.name());
    env.put("JUJU_MODEL_UUID", modelUuid);
    env.put("JUJU_MODEL_NAME", modelName);
    env.put("JUJU_API_ADDRESSES", "");
    env.put("JUJU_SLA", SLA);
    env.put("JUJU_MACHINE_ID", "");
    env.put("JUJU_PRINCIPAL_UNIT", "");
    env.put("JUJU_AVAILABILITY_ZONE", "");
    env.put("JUJU_VERSION", jujuVersion);
    env.put("CLOUD_API_VERSION", cloudApiVersion);
    env.put("JUJU_CHARM_HTTP_PROXY", "");
    env.put("JUJU_CHARM_HTTPS_PROXY", "");
    env.put("JUJU_CHARM_FTP_PROXY", "");
    env.put("JUJU_CHARM_NO_PROXY", "");
    env.put("JUJU_METER_STATUS", METER_STATUS);
    env.put("JUJU_METER_INFO", "");
    switch (run) {
      case Run.Hook hook -> {
        env.put("JUJU_DISPATCH_PATH", "hooks/" + hook.name());
        hook.subject().putInto(env);
      }
      case Run.Action action -> {
        if (action.script()) env.put("JUJU_DISPATCH_PATH", "actions/" + action.name());
        env.put("JUJU_ACTION_NAME", action.name());
        env.put("JUJU_ACTION_UUID", action.id());
        env.put("JUJU_ACTION_TAG", "action-" + action.id());
      }
      case Run.Exec exec -> {}
    }
    // ubuntuEnv (worker/uniter/runner/context/env.go)
    env.put("APT_LISTCHANGES_FRONTEND", "none");
    env.put("DEBIAN_FRONTEND", "noninteractive");
    env.put("LANG", "C.UTF-8");
    env.put("TERM", "tmux-256color");
    env.put("PATH", toolsDir.toAbsolutePath() + ":" + systemPath);
    env.put("HOME", unitDir.toAbsolutePath().toString());
    if (!operatorUrl.isEmpty()) env.put("CAAS_OPERATOR_URL", operatorUrl);
    if (caFile != null) env.put("CAAS_OPERATOR_CA_FILE", caFile.toAbsolutePath().toString());
    if (!toolAddress.isEmpty()) env.put(TOOL_ADDRESS, toolAddress);
    if (token != null) env.put(CONTEXT_TOKEN, token);
    return env;
  }

  /**
   * {@code JUJU_AGENT_SOCKET_ADDRESS}: where the hook tools reach the agent. Juju's tools speak to
   * a socket; ours post to the operator's listener, so this is its {@code host:port} (with {@code
   * JUJU_AGENT_SOCKET_NETWORK=tcp}); empty when there is no listener.
   */
  public static String socketAddress(String operatorUrl) {
    if (operatorUrl == null || operatorUrl.isEmpty()) return "";
    try {
      URI uri = URI.create(operatorUrl);
      if (uri.getHost() == null) return "";
      int port = uri.getPort() >= 0 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
      String host =
          uri.getHost().contains(":") && !uri.getHost().startsWith("[")
              ? "[" + uri.getHost() + "]"
              : uri.getHost();
      return host + ":" + port;
    } catch (IllegalArgumentException e) {
      return "";
    }
  }
}
