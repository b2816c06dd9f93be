package io.caasoperator.app.logging;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.ContextInitializer;
import ch.qos.logback.core.joran.spi.JoranException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.LoggerFactory;

/**
 * The log format and level a command runs with: {@code --log-format}/{@code --log-level}, else
 * {@code $CAAS_LOG_FORMAT}/{@code $CAAS_LOG_LEVEL}, else text at info. {@link #apply} hands them to
 * {@code logback.xml} (which picks the appender and the level from {@value #FORMAT_PROPERTY} and
 * {@value #LEVEL_PROPERTY}) before the command does anything.
 *
 * @param format text or json records on stderr
 * @param level the operator's own records from this level up
 */
public record LogSetup(LogFormat format, LogLevel level) {

  /** The environment variable a {@code --log-format} flag overrides. */
  public static final String FORMAT_VARIABLE = "CAAS_LOG_FORMAT";

  /** The environment variable a {@code --log-level} flag overrides. */
  public static final String LEVEL_VARIABLE = "CAAS_LOG_LEVEL";

  /** The system property {@code logback.xml} reads the format from (the name of an appender). */
  public static final String FORMAT_PROPERTY = "caas.log.format";

  /** The system property {@code logback.xml} reads the level of {@code io.caasoperator} from. */
  public static final String LEVEL_PROPERTY = "caas.log.level";

  /**
   * The logger context property every JSON record carries: which application this operator runs.
   */
  public static final String APPLICATION_FIELD = "application";

  /** The operator's own records; --log-level sets this logger's level (libraries stay at WARN). */
  static final String OPERATOR_LOGGER = "io.caasoperator";

  public LogSetup {
    if (format == null || level == null)
      throw new IllegalArgumentException("format and level are required");
  }

  /**
   * The flags when given (null: not given), else the environment's variables, else text at info.
   *
   * @throws IllegalArgumentException naming the variable when one holds a value that is not a
   *     format or a level (a flag's own value is checked by the command line)
   */
  public static LogSetup resolve(
      LogFormat formatFlag, LogLevel levelFlag, Map<String, String> env) {
    LogFormat format =
        formatFlag != null
            ? formatFlag
            : fromEnv(env, FORMAT_VARIABLE, LogFormat.class, LogFormat.text);
    LogLevel level =
        levelFlag != null ? levelFlag : fromEnv(env, LEVEL_VARIABLE, LogLevel.class, LogLevel.info);
    return new LogSetup(format, level);
  }

  /**
   * Hands this format and level to logback: the system properties {@code logback.xml} reads, which
   * logback reads when it first configures itself, on the first record. That costs a cold JVM about
   * as much CPU as a whole {@code status} call, so commands that may never log leave it for then.
   *
   * @param configureNow configure now, on this thread: for commands that start an actor system, so
   *     that SLF4J is initialised before Pekko's threads log (a logger asked for by a second thread
   *     during the initialisation made SLF4J print three lines about replayed calls). A context
   *     configured earlier with other values (tests) is configured again.
   */
  public void apply(boolean configureNow) {
    System.setProperty(FORMAT_PROPERTY, format.name());
    System.setProperty(LEVEL_PROPERTY, level.logbackName());
    if (!configureNow) return;
    if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context
        && !configuredAsAsked(context)) {
      context.reset();
      try {
        new ContextInitializer(context).autoConfig();
      } catch (JoranException e) {
        // logback.xml is ours and tested: this is a broken installation, said on the one stream
        // left
        System.err.println(
            "caas-operator: cannot configure logging from logback.xml: " + e.getMessage());
      }
    }
  }

  private boolean configuredAsAsked(LoggerContext context) {
    Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    Logger operator = context.getLogger(OPERATOR_LOGGER);
    return root.getAppender(format.name()) != null
        && operator.getLevel() != null
        && operator.getLevel().levelStr.equalsIgnoreCase(level.name());
  }

  /**
   * Tags every later JSON record with the application this operator runs ({@value
   * #APPLICATION_FIELD}), also the records of threads that know nothing of it (Pekko, the journal).
   */
  public static void tagApplication(String application) {
    if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
      context.putProperty(APPLICATION_FIELD, application);
    }
  }

  private static <E extends Enum<E>> E fromEnv(
      Map<String, String> env, String variable, Class<E> type, E fallback) {
    String value = env.get(variable);
    if (value == null || value.isBlank()) return fallback;
    try {
      return Enum.valueOf(type, value.strip().toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          variable
              + " \""
              + value
              + "\": expected one of "
              + Arrays.stream(type.getEnumConstants())
                  .map(Enum::name)
                  .collect(Collectors.joining(", ")));
    }
  }
}
