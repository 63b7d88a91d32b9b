#!/usr/bin/env python3
"""Fails unless a PNG looks like a rendered page: plausible size, many colours, and
no single colour covering (nearly) all of it. Standard library only (zlib).

usage: png-check.py FILE.png [MIN_WIDTH MIN_HEIGHT]
"""
import struct
import sys
import zlib
from collections import Counter


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, channels, rows


def main():
    path = sys.argv[1]
    min_w = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    min_h = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    width, height, channels, rows = read_png(path)
    if width < min_w or height < min_h:
        sys.exit(f"{path}: {width}x{height} is smaller than {min_w}x{min_h}")
    colours = Counter()
    for row in rows[::4]:  # every fourth row and pixel is plenty
        for x in range(0, width * channels, channels * 4):
            colours[row[x:x + 3]] += 1
    total = sum(colours.values())
    top = colours.most_common(1)[0][1] / total
    if len(colours) < 8:
        sys.exit(f"{path}: only {len(colours)} colours: a blank or broken render")
    if top > 0.97:
        sys.exit(f"{path}: one colour covers {top:.0%} of the image: a blank render")
    print(f"{path}: {width}x{height}, {len(colours)} colours, commonest {top:.0%}: ok")


if __name__ == "__main__":
    main()
