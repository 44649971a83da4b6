# Tutor part of `make demo` (bash, `remi` on PATH): advice on a rack one tile short of a close.
set -f  # jokers are written *
echo "== remi advise: what to throw, and why"
echo '$ remi advise "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1" --drawn k13 --atu b8 --seats Ana,Dan --me Ana --row Ana="y8 b5" --row Dan="r9"'
remi advise "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1" --drawn k13 --atu b8 \
    --seats Ana,Dan --me Ana --row Ana="y8 b5" --row Dan="r9"
