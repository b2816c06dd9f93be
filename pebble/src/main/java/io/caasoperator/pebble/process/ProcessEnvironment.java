package io.caasoperator.pebble.process;

import io.caasoperator.pebble.files.PathMapper;
import io.caasoperator.pebble.plan.RunContext;
import io.caasoperator.pebble.users.Credentials;
import io.caasoperator.pebble.users.UserDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Turns a run context (service, exec request, exec check) into a process to launch: the container's
 * base environment with the context's on top, HOME and USER of the user it runs as when not given
 * (as Pebble's cmdstate and servstate do), the credentials, and the working directory mapped to
 * this machine.
 *
 * @param base the container's environment (PATH, LANG, ...); the operator's own environment is
 *     never passed on
 * @param paths container paths to host paths
 * @param users the container's users and groups
 */
public record ProcessEnvironment(Map<String, String> base, PathMapper paths, UserDatabase users) {
  public static final String DEFAULT_PATH =
      "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

  public ProcessEnvironment {
    base = Map.copyOf(base);
  }

  /**
   * A context made ready to launch: environment, credentials, working directory (container and
   * host).
   */
  public record Prepared(
      Map<String, String> environment,
      Optional<Credentials> credentials,
      String workingDir,
      Path hostWorkingDir) {
    public Prepared {
      environment = java.util.Collections.unmodifiableMap(new TreeMap<>(environment));
    }

    public LaunchSpec launch(List<String> argv, boolean mergeStderr) {
      return new LaunchSpec(argv, environment, hostWorkingDir, credentials, mergeStderr);
    }
  }

  /**
   * @param defaultToHome an empty working directory means the user's home (exec) rather than {@code
   *     /} (services); a home missing in the container falls back to {@code /}
   * @throws IllegalArgumentException for an unknown user or group, or a working directory that is
   *     not absolute
   */
  public Prepared prepare(RunContext context, boolean defaultToHome) {
    Optional<Credentials> credentials =
        users.normalize(context.userId(), context.groupId(), context.user(), context.group());
    Map<String, String> env = new TreeMap<>(base);
    env.putIfAbsent("PATH", DEFAULT_PATH);
    env.putIfAbsent("LANG", "C.UTF-8");
    env.putAll(context.environment());
    int uid = credentials.map(Credentials::uid).orElseGet(Signals::currentUid);
    Optional<UserDatabase.User> user = users.userById(uid);
    if (user.isPresent()) {
      if (env.getOrDefault("HOME", "").isEmpty()) {
        env.put("HOME", user.get().home());
      }
      if (env.getOrDefault("USER", "").isEmpty()) {
        env.put("USER", user.get().name());
      }
    }
    String workingDir = context.workingDir();
    if (workingDir.isEmpty()) {
      String home = env.getOrDefault("HOME", "");
      workingDir =
          defaultToHome && home.startsWith("/") && Files.isDirectory(paths.toHost(home))
              ? home
              : "/";
    }
    return new Prepared(env, credentials, workingDir, paths.toHost(workingDir));
  }
}
