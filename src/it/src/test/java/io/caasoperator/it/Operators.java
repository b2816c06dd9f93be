package io.caasoperator.it;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The operator processes one test starts, killed after the test whatever it did (register it with
 * {@code @RegisterExtension}). Each start logs to its own file under
 * {@code src/it/target/operator-logs/<class>-<test>-<n>.log}.
 */
final class Operators implements AutoCloseable, BeforeEachCallback, AfterEachCallback {

    private String testName = "test";
    private final List<OperatorProcess> started = new ArrayList<>();

    @Override
    public void beforeEach(ExtensionContext context) {
        testName = context.getRequiredTestClass().getSimpleName() + "-" + context.getRequiredTestMethod().getName();
        started.clear();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        close();
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
