package io.caasoperator.it;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The operator processes one test starts, so {@code @AfterEach} can kill every one of them
 * whatever the test did. Each start logs to its own file under
 * {@code src/it/target/operator-logs/<test>-<n>.log}.
 */
final class Operators implements AutoCloseable {

    private final String testName;
    private final List<OperatorProcess> started = new ArrayList<>();

    Operators(String testName) {
        this.testName = testName;
    }

    /** Starts an operator on {@code spec} and {@code dataDir}. */
    OperatorProcess start(SpecFile spec, Path dataDir) {
        return start(List.of("--spec", spec.path().toString()), dataDir);
    }

    /** Starts an operator with these substrate arguments (e.g. {@code --substrate kubernetes ...}) on {@code dataDir}. */
    OperatorProcess start(List<String> arguments, Path dataDir) {
        Path logs = Path.of(System.getProperty("caas.operator.home", "../..")).toAbsolutePath().normalize()
                .resolve("src/it/target/operator-logs");
        OperatorProcess process = OperatorProcess.start(arguments, dataDir,
                logs.resolve(testName + "-" + (started.size() + 1) + ".log"));
        started.add(process);
        return process;
    }

    @Override
    public void close() {
        started.forEach(OperatorProcess::close);
    }
}
