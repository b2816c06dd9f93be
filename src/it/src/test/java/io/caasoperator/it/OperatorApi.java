package io.caasoperator.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.http.ListenerFile;
import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.http.client.OperatorEndpoint;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The tests' only door to the operator's HTTP listener: it finds the listener from the data
 * directory the way the CLI does, so it works over plain HTTP and over HTTPS with the generated
 * certificate and admin token.
 */
final class OperatorApi {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dataDir;

    OperatorApi(Path dataDir) {
        this.dataDir = dataDir;
    }

    /** {@code GET /v1/status}; fails unless it answers 200. */
    Status status() throws IOException, InterruptedException {
        try (OperatorClient client = OperatorClient.of(endpoint())) {
            HttpResponse<String> response = client.get("/v1/status");
            if (response.statusCode() != 200) {
                throw new IOException("GET /v1/status answered " + response.statusCode() + ": " + response.body());
            }
            JsonNode body = JSON.readTree(response.body());
            return new Status(body);
        }
    }

    /**
     * The endpoint as the CLI discovers it. An operator that serves plain HTTP without an admin
     * token (before TLS and tokens became the default) is reached without either.
     */
    private OperatorEndpoint endpoint() {
        if (Files.exists(dataDir.resolve(AdminToken.FILE_NAME))) {
            return OperatorEndpoint.discover(dataDir);
        }
        URI url = ListenerFile.in(dataDir).read()
                .orElseThrow(() -> new IllegalStateException("no listener file in " + dataDir));
        return new OperatorEndpoint(url, Optional.empty(), Optional.empty());
    }
}
