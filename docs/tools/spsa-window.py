#!/usr/bin/env python3
"""SPSA over the five-cell window leaf's tables against an engine
(docs/profiling.md, "The window leaf value tuned, and a mixed leaf").

    spsa-window.py POOL LOG

Needs a build with docs/patches/window-leaf.diff applied ($MCGW, default
./mcgW). Each iteration draws $NOPEN openings from POOL (one opening a line,
as in examples/openings-15.txt), plays the tables perturbed up and down
against $OPP (default Carbon at 100 ms a move) at $LEVEL (default normal),
both at once, $NOPEN pairs each, and steps the tables by the difference.
The tables are the leaf's values of a window holding 1-4 stones of the side
to move only (MCG_WIN_ST) and of the opponent only (MCG_WIN_SU), searched
as log2 of each value from $START. Every iteration appends a JSON line to
LOG; the mean of the last hundred lines' tables is the run's result.
"""
import json, os, random, re, subprocess, sys

MCGW = os.environ.get('MCGW', './mcgW')
OPP = os.environ.get('OPP', 'pbrain:' + os.path.expanduser('~/.cache/mcgomoku/engines/pbrain-carbon'))
LEVEL = os.environ.get('LEVEL', 'normal')
ITERS = int(os.environ.get('ITERS', '300'))
NOPEN = int(os.environ.get('NOPEN', '4'))
C0, A0, A = 0.6, 1.0, 30  # perturbation, step, step's stability constant


def tables(theta):
    def row(xs):
        return '0,' + ','.join(str(max(0, round(2 ** x))) for x in xs)
    return row(theta[:4]), row(theta[4:])


def start(theta, openings):
    st, su = tables(theta)
    env = dict(os.environ, MCG_WIN='3', MCG_WIN_ST=st, MCG_WIN_SU=su)
    return subprocess.Popen(
        [MCGW, 'sim', 'lookahead:level=' + LEVEL, OPP, '--openings', openings,
         '--games', str(2 * NOPEN), '--timeout-turn', '100ms', '--slack', '1s',
         '--jobs', '1', '--seed', '1'],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def score(proc):
    out = proc.communicate()[0]
    m = re.search(r'score ([0-9.]+)%', out)
    if not m:
        sys.exit('no score in:\n' + out[-500:])
    return float(m.group(1)) / 100


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    pool_path, log_path = sys.argv[1:]
    pool = [l.strip() for l in open(pool_path) if l.strip() and l[0].isalpha()
            and not l.startswith(('size', 'rule'))]
    random.seed(int(os.environ.get('SEED', '1')))
    theta = [float(x) for x in os.environ.get('START', '0,4,8,12,0,4,8,12').split(',')]
    openings = log_path + '.openings.txt'
    with open(log_path, 'a') as log:
        for k in range(ITERS):
            ck = C0 / (k + 1) ** 0.101
            ak = A0 * ((A + 1) / (k + 1 + A)) ** 0.602
            delta = [random.choice((-1, 1)) for _ in theta]
            with open(openings, 'w') as f:
                f.write('size 15\nrule freestyle\n' + '\n'.join(random.sample(pool, NOPEN)) + '\n')
            up = start([x + ck * d for x, d in zip(theta, delta)], openings)
            down = start([x - ck * d for x, d in zip(theta, delta)], openings)
            sp, sm = score(up), score(down)
            theta = [min(16, max(-1, x + ak * (sp - sm) / (2 * ck * d))) for x, d in zip(theta, delta)]
            st, su = tables(theta)
            print(json.dumps({'k': k, 'sp': sp, 'sm': sm, 'theta': [round(x, 3) for x in theta],
                              'ST': st, 'SU': su}), file=log, flush=True)


if __name__ == '__main__':
    main()
