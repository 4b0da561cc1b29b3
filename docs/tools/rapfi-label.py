#!/usr/bin/env python3
"""Rapfi's moves in recorded games, as a labels file for
`mcgomoku tune --fit-order` (docs/tuning.md, "The move ordering fitted to
Rapfi's moves").

    rapfi-label.py OUT PSQ_DIR...      every position of every record (from
                                       its third stone on, before its last
                                       move), labelled with Rapfi's move

Records are `mcgomoku sim --psq DIR`'s Piskvork files (searched in each
folder, sorted by path). Rapfi is the engine the README builds
(~/.cache/mcgomoku/engines/pbrain-rapfi, or $RAPFI), one thread, $MS
milliseconds a position (default 150); a position it does not answer in
5 s is left out. $JOBS Rapfi processes share the records (default 2),
dealt in turn in path order, and the file lists the first job's records,
then the second's (the order examples/rapfi-moves-15.txt.gz has, whose
games tune --fit-order holds out every fourth of). Compress it with
gzip -9n for the repository.
"""
import glob, os, sys
from concurrent.futures import ThreadPoolExecutor

os.environ.setdefault('MS', '150')
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
rapfi_judge = __import__('rapfi-judge')

FILES = 'abcdefghijklmnopqrstuvwxy'


def human(m, size=15):
    return '%s%d' % (FILES[m[0]], size - m[1])


def label(paths):
    r = rapfi_judge.Rapfi()
    out = []
    for path in paths:
        moves, _, _ = rapfi_judge.parse(path)
        lines = []
        for k in range(3, len(moves)):
            _, mv = r.value(moves[:k])
            if mv is not None:
                lines.append(' '.join(human(m) for m in moves[:k]) + ' : ' + human(mv))
        out.append((path, lines))
    r.p.kill()
    return out


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out, dirs = sys.argv[1], sys.argv[2:]
    paths = sorted(p for d in dirs for p in glob.glob(os.path.join(d, '**', '*.psq'), recursive=True))
    if not paths:
        sys.exit('no .psq records in ' + ' '.join(dirs))
    jobs = max(1, int(os.environ.get('JOBS', '2')))
    with ThreadPoolExecutor(jobs) as ex:
        parts = list(ex.map(label, [paths[i::jobs] for i in range(jobs)]))
    text = ['# Rapfi\'s moves (%d ms a position, one thread) in %d records of %s.' % (
        rapfi_judge.MS, len(paths), ', '.join(dirs)), 'size 15', 'rule freestyle']
    for part in parts:
        for _, lines in part:
            text.extend(lines)
    tmp = out + '.tmp'
    with open(tmp, 'w') as f:
        f.write('\n'.join(text) + '\n')
    os.replace(tmp, out)


if __name__ == '__main__':
    main()
