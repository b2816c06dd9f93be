#!@BASH@ -p
# @TOOL@: a Juju hook tool served by the CAAS operator; written by its HookToolShims.
# One process per call: this bash talks to the operator's loopback listener itself. How and why
# is told at the end of this file, after the code, where bash never reads it.
tool=@TOOL@
if [ -z "${CAAS_HOOK_TOOL_ADDRESS:-}" ]; then
    case $BASH_SOURCE in */*) here=${BASH_SOURCE%/*} ;; *) here=. ;; esac
    exec "$here/caas-hook-tool" "$tool" "$@"
fi
LC_ALL=C
trap '' PIPE
send=no
# Juju's "key#file=PATH" (secret-add, secret-set; ops passes all content so): the file is read
# here, beside the hook, exactly as it is (read -d '' keeps trailing newlines), and sent as key=value.
case $tool:$* in
secret-add:*'#file='* | secret-set:*'#file='*)
    args=()
    for arg; do
        case $arg in
        *'#file='*)
            path=${arg#*#file=}
            if [ ! -r "$path" ]; then echo "ERROR $tool: cannot read $path" >&2; exit 1; fi
            content=
            IFS= read -r -d '' content <"$path"
            arg=${arg%%#file=*}=$content
            ;;
        esac
        args+=("$arg")
    done
    set -- "${args[@]}"
    ;;
esac
case $* in
*--file*)
    args=()
    input=
    next=no
    flags=yes
    for arg; do
        if [ "$next" = yes ]; then
            next=no
            send=yes
            if [ "$arg" != - ]; then input=$arg; arg=-; fi
        elif [ "$flags" = yes ]; then
            case $arg in
            --) flags=no ;;
            --file) next=yes ;;
            --file=-) send=yes ;;
            --file=*) input=${arg#--file=}; arg=--file=-; send=yes ;;
            esac
        fi
        args+=("$arg")
    done
    set -- ${args[@]+"${args[@]}"}
    if [ -n "$input" ] && ! { exec 0<"$input"; } 2>/dev/null; then
        echo "ERROR $tool: cannot read $input" >&2
        exit 1
    fi
    ;;
esac
if ! { exec 3<>"/dev/tcp/${CAAS_HOOK_TOOL_ADDRESS%:*}/${CAAS_HOOK_TOOL_ADDRESS##*:}"; } 2>/dev/null; then
    echo "ERROR cannot reach the operator at $CAAS_HOOK_TOOL_ADDRESS" >&2
    exit 1
fi
if [ "$send" = no ]; then
    printf '%s\0' caas-hook-tool/1 "$tool" "${CAAS_OPERATOR_CONTEXT_TOKEN:-}" "$#" "$@" 0 >&3
else
    printf '%s\0' caas-hook-tool/1 "$tool" "${CAAS_OPERATOR_CONTEXT_TOKEN:-}" "$#" "$@" >&3
    while IFS= read -r -d '' chunk; do
        printf '%s\0%s\0' "$((${#chunk} + 1))" "$chunk" >&3 || break
    done 2>/dev/null
    if [ -n "$chunk" ]; then printf '%s\0%s' "${#chunk}" "$chunk" >&3; fi 2>/dev/null
    printf '0\0' >&3 2>/dev/null
fi
if ! IFS=' ' read -r code out_bytes err_bytes encoding <&3; then
    echo "ERROR the operator at $CAAS_HOOK_TOOL_ADDRESS closed the connection without answering" >&2
    exit 1
fi
case $code:$out_bytes:$err_bytes:$encoding in
*[!0-9:a-z]* | :* | *::* | *:) out_bytes=bad ;;
*)
    out=
    err=
    if [ "$out_bytes" != 0 ]; then IFS= read -r -N "$out_bytes" out <&3; fi
    if [ "$err_bytes" != 0 ]; then IFS= read -r -N "$err_bytes" err <&3; fi
    ;;
esac
if [ "${#out}" != "$out_bytes" ] || [ "${#err}" != "$err_bytes" ]; then
    echo "ERROR $tool: unexpected answer from the operator at $CAAS_HOOK_TOOL_ADDRESS" >&2
    exit 1
fi
case $encoding in
raw) printf '%s' "$out"; printf '%s' "$err" >&2 ;;
escaped) printf '%b' "$out"; printf '%b' "$err" >&2 ;;
*)
    echo "ERROR $tool: unexpected answer from the operator at $CAAS_HOOK_TOOL_ADDRESS" >&2
    exit 1
    ;;
esac
exit "$code"

# How it works.
#
# This bash sends the call to the operator's loopback listener ($CAAS_HOOK_TOOL_ADDRESS,
# host:port) through /dev/tcp and relays the answer: no temporary file, no other program.
# Without that address (a shell outside the operator's hooks, or a copy of these tools
# elsewhere) the call goes to caas-hook-tool beside this file (curl or wget over HTTPS).
# -p: no $BASH_ENV, and no functions or shell options from the environment, in this script.
# LC_ALL=C: byte semantics for ${#var} and read -N (not exported: this shell starts no program).
# trap '' PIPE: a listener that goes away mid-call makes a write fail instead of killing this
# shell unheard; the missing answer is then reported.
#
# "--file PATH" becomes "--file -" with the file as standard input: the operator may run
# elsewhere than the hook and cannot read its files. After "--" nothing is a flag. Standard
# input is read only for "--file -", so a hook whose stdin stays open never blocks a tool; it
# is read with read -d '', which splits at NUL bytes, so every byte arrives as it was.
#
# Protocol caas-hook-tool/1 (HookToolWire), one call per connection:
#   request: NUL-terminated fields: caas-hook-tool/1, the tool, the context token, the argument
#            count, each argument; then standard input as chunks "<n>\0<n bytes>", ended by "0\0";
#            without input the whole request is one printf, one write;
#   reply:   "<exit-code> <stdout-bytes> <stderr-bytes> raw|escaped\n" <stdout> <stderr>; the
#            streams are escaped for printf %b only when one of them holds a NUL byte.
# The token goes out through printf, a builtin: it is never on a command line.
