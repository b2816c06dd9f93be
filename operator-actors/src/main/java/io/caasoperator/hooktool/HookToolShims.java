package io.caasoperator.hooktool;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;

/**
 * Writes the hook tools a hook finds on its PATH: one tiny POSIX sh script per tool name
 * ({@link HookTools#NAMES}), each calling the common {@value #COMMON} script in the same
 * directory with its own name. That script sends the call to the operator in the
 * {@link HookToolFraming} format (curl, or GNU wget when curl is missing) and relays the
 * answer: stdout, stderr, exit code.
 *
 * <p>Environment the scripts read: {@code CAAS_OPERATOR_URL} (required),
 * {@code CAAS_OPERATOR_CONTEXT_TOKEN} (the running hook's token), {@code CAAS_OPERATOR_CA_FILE}
 * (optional CA certificate verifying the operator's TLS).
 */
public final class HookToolShims {

    /** The script every tool delegates to. */
    public static final String COMMON = "caas-hook-tool";

    private HookToolShims() {
    }

    /**
     * Writes {@value #COMMON} and one script per tool into {@code toolsDir} (created if missing).
     * Each file is written to a temporary file and renamed over the old one, so a hook running
     * while tools are reinstalled sees either the old or the new script, never half of one.
     * Idempotent: files that already have the right content are left alone.
     */
    public static void install(Path toolsDir) throws IOException {
        Files.createDirectories(toolsDir);
        write(toolsDir, COMMON, COMMON_SCRIPT);
        for (String tool : HookTools.NAMES) {
            write(toolsDir, tool, toolScript(tool));
        }
    }

    static String toolScript(String tool) {
        return "#!/bin/sh\n"
                + "# " + tool + ": a Juju hook tool served by the CAAS operator; see " + COMMON + ".\n"
                + "exec \"$(dirname -- \"$0\")/" + COMMON + "\" " + tool + " \"$@\"\n";
    }

    private static void write(Path dir, String name, String content) throws IOException {
        Path target = dir.resolve(name);
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        if (Files.isRegularFile(target) && Files.isExecutable(target)
                && Arrays.equals(Files.readAllBytes(target), bytes)) {
            return;
        }
        Path temp = Files.createTempFile(dir, "." + name + ".", ".tmp");
        try {
            Files.write(temp, bytes);
            if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
                Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
            } else {
                temp.toFile().setExecutable(true, false);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                // Same directory, so only exotic file systems get here; a plain replace is the best left.
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * The common script. Notes on choices made in it:
     * <ul>
     *   <li>Standard input is read only for {@code --file -} (or {@code --file=-}); a lone
     *       {@code -} elsewhere ({@code leader-get -}) is an ordinary argument, so a hook whose
     *       stdin stays open never blocks a tool.</li>
     *   <li>{@code --file PATH} is sent as {@code --file -} with the file as standard input: the
     *       operator may run on another machine than the hook and cannot read its files.</li>
     *   <li>The token travels in a header file (curl {@code -H @file}, curl 7.55 or later) or a
     *       wgetrc, never on a command line where {@code ps} would show it.</li>
     *   <li>wget fallback needs GNU wget 1.14 or later ({@code --post-file},
     *       {@code --content-on-error}, {@code --ca-certificate}, {@code header} in wgetrc);
     *       busybox wget lacks {@code --content-on-error} and cannot relay error answers.</li>
     * </ul>
     */
    static final String COMMON_SCRIPT = """
            #!/bin/sh
            # caas-hook-tool: runs one Juju hook tool by asking the CAAS operator.
            # Written by the operator (HookToolShims); each tool on the PATH calls it as
            #   caas-hook-tool <tool> [args...]
            #
            # Environment: CAAS_OPERATOR_URL (required), CAAS_OPERATOR_CONTEXT_TOKEN (the running
            # hook's token), CAAS_OPERATOR_CA_FILE (optional CA certificate for the operator's TLS).
            #
            # Request: POST $CAAS_OPERATOR_URL/v1/hook-tools/<tool>
            #   Content-Type: application/x-caas-hook-tool
            #   body: <argc> NUL, each argument then NUL, then standard input (sent only for
            #   "--file -"; "--file PATH" is sent as "--file -" with the file's content).
            # Response 200: "<exit-code> <stdout-bytes> <stderr-bytes>\\n" <stdout> <stderr>.
            # Any other status has a JSON body {"error": ..., "detail": ...}: printed as ERROR.
            set -u
            tool=${1:?usage: caas-hook-tool <tool> [args...]}
            shift
            if [ -z "${CAAS_OPERATOR_URL:-}" ]; then
                echo "ERROR $tool: CAAS_OPERATOR_URL is not set; hook tools only work in a hook or exec run by the CAAS operator" >&2
                exit 1
            fi
            tmp=$(mktemp -d "${TMPDIR:-/tmp}/caas-hook-tool.XXXXXX") || {
                echo "ERROR $tool: cannot create a temporary directory" >&2
                exit 1
            }
            trap 'rm -rf "$tmp"' EXIT
            trap 'exit 129' HUP
            trap 'exit 130' INT
            trap 'exit 143' TERM

            # Rewrite "--file PATH" to "--file -". The for loop's word list is fixed when the loop
            # starts, so appending to "$@" while iterating is safe; the originals are shifted off.
            input=
            send_stdin=no
            count=$#
            next_is_file=no
            flags_done=no
            for arg do
                if [ "$next_is_file" = yes ]; then
                    next_is_file=no
                    send_stdin=yes
                    if [ "$arg" != - ]; then input=$arg; arg=-; fi
                elif [ "$flags_done" = no ]; then
                    case $arg in
                    --) flags_done=yes ;;
                    --file) next_is_file=yes ;;
                    --file=-) send_stdin=yes ;;
                    --file=*) input=${arg#--file=}; arg=--file=-; send_stdin=yes ;;
                    esac
                fi
                set -- "$@" "$arg"
            done
            shift "$count"

            if [ -n "$input" ] && [ ! -r "$input" ]; then
                echo "ERROR $tool: cannot read $input" >&2
                exit 1
            fi
            {
                printf '%s\\0' "$#"
                if [ "$#" -gt 0 ]; then printf '%s\\0' "$@"; fi
                if [ -n "$input" ]; then
                    cat -- "$input"
                elif [ "$send_stdin" = yes ]; then
                    cat
                fi
            } >"$tmp/request" || {
                echo "ERROR $tool: cannot prepare the request" >&2
                exit 1
            }

            url="${CAAS_OPERATOR_URL%/}/v1/hook-tools/$tool"
            umask 077
            if command -v curl >/dev/null 2>&1; then
                printf 'Authorization: Bearer %s\\n' "${CAAS_OPERATOR_CONTEXT_TOKEN:-}" >"$tmp/headers"
                status=$(curl -sS -X POST --connect-timeout 10 \\
                    -H @"$tmp/headers" -H 'Content-Type: application/x-caas-hook-tool' \\
                    ${CAAS_OPERATOR_CA_FILE:+--cacert "$CAAS_OPERATOR_CA_FILE"} \\
                    --data-binary @"$tmp/request" -o "$tmp/response" -w '%{http_code}' \\
                    "$url" 2>"$tmp/transport")
                [ -n "$status" ] || status=000
            elif command -v wget >/dev/null 2>&1; then
                printf 'header = Authorization: Bearer %s\\n' "${CAAS_OPERATOR_CONTEXT_TOKEN:-}" >"$tmp/wgetrc"
                WGETRC="$tmp/wgetrc" wget -q --content-on-error --timeout=600 \\
                    --header='Content-Type: application/x-caas-hook-tool' \\
                    ${CAAS_OPERATOR_CA_FILE:+--ca-certificate="$CAAS_OPERATOR_CA_FILE"} \\
                    --post-file="$tmp/request" -O "$tmp/response" "$url" 2>"$tmp/transport"
                # wget exits 8 for an error status, its body saved by --content-on-error; a 401
                # gives exit 6 and no body (wget takes it for a failed login).
                rc=$?
                if [ "$rc" -eq 0 ]; then
                    status=200
                elif [ "$rc" -eq 6 ]; then
                    status=401
                elif [ -s "$tmp/response" ]; then
                    status=error
                else
                    status=000
                fi
            else
                echo "ERROR $tool: neither curl nor wget is installed; hook tools need one of them" >&2
                exit 1
            fi

            if [ "$status" = 000 ]; then
                echo "ERROR cannot reach the operator at $CAAS_OPERATOR_URL" >&2
                if [ -s "$tmp/transport" ]; then cat "$tmp/transport" >&2; fi
                exit 1
            fi
            if [ "$status" != 200 ]; then
                detail=$(sed -n 's/.*"detail" *: *"\\(.*\\)".*/\\1/p' "$tmp/response" | head -n 1)
                echo "ERROR ${detail:-the operator refused the call (HTTP $status)}" >&2
                exit 1
            fi

            header=$(head -n 1 "$tmp/response")
            code=${header%% *}
            rest=${header#* }
            out_bytes=${rest%% *}
            err_bytes=${rest#* }
            case "$code:$out_bytes:$err_bytes" in
            *[!0-9:]* | :* | *::* | *:)
                echo "ERROR $tool: unexpected answer from the operator at $CAAS_OPERATOR_URL" >&2
                exit 1
                ;;
            esac
            start=$((${#header} + 2))
            if [ "$out_bytes" -gt 0 ]; then
                tail -c +"$start" "$tmp/response" | head -c "$out_bytes"
            fi
            if [ "$err_bytes" -gt 0 ]; then
                tail -c +"$((start + out_bytes))" "$tmp/response" | head -c "$err_bytes" >&2
            fi
            exit "$code"
            """;
}
