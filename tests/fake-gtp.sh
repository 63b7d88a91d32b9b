#!/bin/sh
# A fake GTP engine for goref's tests (tests/reading.rs). It answers every command
# with success and `final_status_list dead` with the vertices given in $2.
#   $1: ok | slow | crash | garbage | bad-vertex
#   $2: dead vertices, comma-separated (e.g. C5,C4)
mode="$1"
dead=$(printf '%s' "$2" | tr ',' ' ')
while IFS= read -r line; do
    cmd=$(printf '%s' "$line" | tr -d '\r')
    case "$mode:$cmd" in
        crash:final_status_list*) exit 3 ;;
        slow:final_status_list*) sleep 3 ;;
        garbage:final_status_list*) printf 'I am not a GTP engine\n\n' ;;
        bad-vertex:"final_status_list dead") printf '= Z99\n\n' ;;
        *:"final_status_list dead") printf '= %s\n\n' "$dead" ;;
        *:"final_status_list seki") printf '= \n\n' ;;
        *:quit) printf '= \n\n'; exit 0 ;;
        *) printf '= \n\n' ;;
    esac
done
