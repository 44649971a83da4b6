# Vision part of `make demo` (bash, with `remi` on PATH): read a photographed rack, draw what
# was read, then check the close straight from the photo. The photo is a scene drawn by remi's
# own generator (see models/README.md, "Samples").
mkdir -p out
echo "== remi scan: the tiles in a photo of a rack"
remi scan samples/photos/rack-close.jpg --no-confirm --annotate out/rack-close-annotated.png
echo "== remi scan --fix: correct tiles by their numbers (3 changed, 15 dropped, one added)"
remi scan samples/photos/rack-joker.jpg --no-confirm --fix 3=k3 --fix 15=- --fix +=y8 | tail -n 1
echo "== remi scan --json (for scripts)"
remi scan samples/photos/table-runs.jpg --json | head -n 12
echo "== remi check --photo: scan, then the closing check"
remi check --photo samples/photos/rack-close.jpg
