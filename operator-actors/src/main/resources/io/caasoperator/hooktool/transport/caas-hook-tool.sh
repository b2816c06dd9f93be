#!/bin/sh
# caas-hook-tool: runs one Juju hook tool by asking the CAAS operator over HTTPS.
# Written by the operator (HookToolShims); each tool on the PATH calls it as
#   caas-hook-tool <tool> [args...]
# It needs only a POSIX sh and curl (or GNU wget 1.14 or later): what a pod's container has.
#
# Environment: CAAS_OPERATOR_URL (required), CAAS_OPERATOR_CONTEXT_TOKEN (the running
# hook's token), CAAS_OPERATOR_CA_FILE (optional CA certificate for the operator's TLS).
#
# Request: POST $CAAS_OPERATOR_URL/v1/hook-tools/<tool>
#   Content-Type: application/x-caas-hook-tool
#   body: <argc> NUL, each argument then NUL, then standard input (sent only for
#   "--file -"; "--file PATH" is sent as "--file -" with the file's content).
# Response 200: "<exit-code> <stdout-bytes> <stderr-bytes>\n" <stdout> <stderr>.
# Any other status has a JSON body {"error": ..., "detail": ...}: printed as ERROR.
#
# With curl a call is this shell, curl, and head only when there is output to relay: the
# request is piped into curl, the token goes in a header read from a here-document (never a
# command line, where ps would show it), the response is read from curl's output as it comes.
set -u
tool=${1:?usage: caas-hook-tool <tool> [args...]}
shift
if [ -z "${CAAS_OPERATOR_URL:-}" ]; then
    echo "ERROR $tool: CAAS_OPERATOR_URL is not set; hook tools only work in a hook or exec run by the CAAS operator" >&2
    exit 1
fi

# Juju's "key#file=PATH" (secret-add, secret-set; ops passes all content so): the file is read
# here, beside the hook, and sent as key=value (the x keeps trailing newlines from $(...)).
case $tool in
secret-add | secret-set)
    count=$#
    for arg do
        case $arg in
        *'#file='*)
            path=${arg#*#file=}
            if [ ! -r "$path" ]; then echo "ERROR $tool: cannot read $path" >&2; exit 1; fi
            content=$(cat -- "$path"; printf x)
            arg=${arg%%#file=*}=${content%x}
            ;;
        esac
        set -- "$@" "$arg"
    done
    shift "$count"
    ;;
esac

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

# The request body: standard input is read only for "--file -", so a hook whose stdin stays
# open never blocks a tool.
request() {
    printf '%s\0' "$#" "$@"
    if [ -n "$input" ]; then
        cat -- "$input"
    elif [ "$send_stdin" = yes ]; then
        cat
    fi
}

url="${CAAS_OPERATOR_URL%/}/v1/hook-tools/$tool"

# The answer's first line, "<exit-code> <stdout-bytes> <stderr-bytes>", into code, out_bytes
# and err_bytes; anything else ends the call.
split_header() {
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
}

# Reads curl's output: the status line and headers (-i), then the body. Anything else first is
# curl's own error message (its stderr goes into the same pipe, after nothing on success).
relay() {
    status=
    while :; do
        IFS= read -r status || status=
        case $status in
        'HTTP/'*' 1'[0-9][0-9]*)
            # 100 Continue (curl asks for it before a large body): its headers, then the real status
            while IFS= read -r line; do
                case ${#line} in 0 | 1) break ;; esac
            done
            ;;
        *) break ;;
        esac
    done
    case $status in
    'HTTP/'*) ;;
    *)
        echo "ERROR cannot reach the operator at $CAAS_OPERATOR_URL" >&2
        if [ -n "$status" ]; then { printf '%s\n' "$status"; cat; } >&2; fi
        exit 1
        ;;
    esac
    http=${status#* }
    http=${http%% *}
    # headers up to the empty line ("\r" alone: every header line is longer)
    while IFS= read -r line; do
        case ${#line} in 0 | 1) break ;; esac
    done
    if [ "$http" != 200 ]; then
        detail=$(sed -n 's/.*"detail" *: *"\(.*\)".*/\1/p' | head -n 1)
        echo "ERROR ${detail:-the operator refused the call (HTTP $http)}" >&2
        exit 1
    fi
    IFS= read -r header || header=
    split_header
    if [ "$out_bytes" -gt 0 ]; then head -c "$out_bytes"; fi
    if [ "$err_bytes" -gt 0 ]; then head -c "$err_bytes" >&2; fi
    exit "$code"
}

if command -v curl >/dev/null 2>&1; then
    request "$@" | curl -q -sS -i -X POST --connect-timeout 10 -H @/dev/fd/4 \
        -H 'Content-Type: application/x-caas-hook-tool' \
        ${CAAS_OPERATOR_CA_FILE:+--cacert "$CAAS_OPERATOR_CA_FILE"} \
        --data-binary @- "$url" 2>&1 4<<EOF | relay
Authorization: Bearer ${CAAS_OPERATOR_CONTEXT_TOKEN:-}
EOF
    exit
fi

if ! command -v wget >/dev/null 2>&1; then
    echo "ERROR $tool: neither curl nor wget is installed; hook tools need one of them" >&2
    exit 1
fi

# GNU wget 1.14 or later (--post-file, --content-on-error, --ca-certificate, header in wgetrc);
# busybox wget lacks --content-on-error and cannot relay error answers. wget needs the body in
# a file, so this path keeps a private temporary directory.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/caas-hook-tool.XXXXXX") || {
    echo "ERROR $tool: cannot create a temporary directory" >&2
    exit 1
}
trap 'rm -rf "$tmp"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
umask 077
request "$@" >"$tmp/request" || {
    echo "ERROR $tool: cannot prepare the request" >&2
    exit 1
}
printf 'header = Authorization: Bearer %s\n' "${CAAS_OPERATOR_CONTEXT_TOKEN:-}" >"$tmp/wgetrc"
WGETRC="$tmp/wgetrc" wget -q --content-on-error --timeout=600 \
    --header='Content-Type: application/x-caas-hook-tool' \
    ${CAAS_OPERATOR_CA_FILE:+--ca-certificate="$CAAS_OPERATOR_CA_FILE"} \
    --post-file="$tmp/request" -O "$tmp/response" "$url" 2>"$tmp/transport"
# wget exits 8 for an error status, its body saved by --content-on-error; a 401 gives exit 6
# and no body (wget takes it for a failed login).
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
if [ "$status" = 000 ]; then
    echo "ERROR cannot reach the operator at $CAAS_OPERATOR_URL" >&2
    if [ -s "$tmp/transport" ]; then cat "$tmp/transport" >&2; fi
    exit 1
fi
if [ "$status" != 200 ]; then
    detail=$(sed -n 's/.*"detail" *: *"\(.*\)".*/\1/p' "$tmp/response" | head -n 1)
    echo "ERROR ${detail:-the operator refused the call (HTTP $status)}" >&2
    exit 1
fi
header=$(head -n 1 "$tmp/response")
split_header
start=$((${#header} + 2))
if [ "$out_bytes" -gt 0 ]; then
    tail -c +"$start" "$tmp/response" | head -c "$out_bytes"
fi
if [ "$err_bytes" -gt 0 ]; then
    tail -c +"$((start + out_bytes))" "$tmp/response" | head -c "$err_bytes" >&2
fi
exit "$code"
