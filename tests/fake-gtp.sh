#!/bin/sh
# A fake GTP engine for goref's tests (tests/reading.rs). It answers every command
# with success and `final_status_list dead` with the vertices given in $2.
#   $1: ok | slow | crash | garbage | bad-vertex | flood | long-line | drip | orphan
#   $2: dead vertices, comma-separated (e.g. C5,C4); for orphan, a file to write the
#       pid of the process it leaves behind
# Hostile modes: flood answers, then prints `A1` lines for ever (through `yes`, a child);
# long-line prints one endless line; drip answers every command after a second (each
# answer in time, the position not); orphan starts a long `sleep` and never answers.
mode="$1"
dead=$(printf '%s' "$2" | tr ',' ' ')
while IFS= read -r line; do
    cmd=$(printf '%s' "$line" | tr -d '\r')
    case "$mode:$cmd" in
        crash:final_status_list*) exit 3 ;;
        slow:final_status_list*) sleep 3 ;;
        garbage:final_status_list*) printf 'I am not a GTP engine\n\n' ;;
        bad-vertex:"final_status_list dead") printf '= Z99\n\n' ;;
        flood:"final_status_list dead") printf '= \n'; yes A1 ;;
        long-line:"final_status_list dead") printf '= '; tr -d '\n' < /dev/zero ;;
        orphan:"final_status_list dead") sleep 1000 & printf '%s' "$!" > "$2"; wait ;;
        drip:*) sleep 1; printf '= \n\n' ;;
        *:"final_status_list dead") printf '= %s\n\n' "$dead" ;;
        *:"final_status_list seki") printf '= \n\n' ;;
        *:quit) printf '= \n\n'; exit 0 ;;
        *) printf '= \n\n' ;;
    esac
done
