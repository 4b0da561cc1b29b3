#!/usr/bin/env python3
"""Rapfi as the judge of a match's lost games (docs/strength.md, "Where the
games against Carbon are lost").

    rapfi-judge.py losses PSQ_DIR PLAYER          per lost game: Rapfi's value
                                                  before and after each of
                                                  PLAYER's moves, the first move
                                                  that turned it lost, and every
                                                  move where PLAYER had a win
    rapfi-judge.py early PSQ_DIR PLAYER SPEC...   the positions where PLAYER was
                                                  white at plies 6 and 8 of every
                                                  game, each SPEC's move there
                                                  (mcgomoku brain --engine SPEC)
                                                  and Rapfi's value after it

PSQ_DIR is `mcgomoku sim --psq DIR`'s folder; PLAYER the start of the
player's spec in its records (e.g. lookahead). Rapfi is the engine the README
builds (~/.cache/mcgomoku/engines/pbrain-rapfi, or $RAPFI), one thread,
$MS milliseconds a position (default 300); its values are its own
(`MESSAGE ... Eval N`, `+M17`: the side to move wins in 17 plies), from the
side to move's view. A position Rapfi does not answer in 5 s is skipped.
"""
import glob, json, os, queue, re, subprocess, sys, threading

RAPFI = os.environ.get('RAPFI', os.path.expanduser('~/.cache/mcgomoku/engines/pbrain-rapfi'))
MCGOMOKU = os.environ.get('MCGOMOKU', 'mcgomoku')
MS = int(os.environ.get('MS', '300'))
MATE = 30000


def parse(path):
    """A Piskvork record's moves (0-based x, y) and its two players."""
    lines = open(path).read().splitlines()
    moves = []
    for l in lines[1:]:
        p = l.split(',')
        if len(p) != 3 or not all(x.strip().isdigit() for x in p):
            break
        moves.append((int(p[0]) - 1, int(p[1]) - 1))
    rest = lines[1 + len(moves):]
    return moves, (rest + ['', ''])[0], (rest + ['', ''])[1]


def board_lines(moves):
    """BOARD lines for the side to move: its stones 1, the other's 2."""
    n = len(moves)
    return ['%d,%d,%d' % (x, y, 1 if (n - i) % 2 == 0 else 2) for i, (x, y) in enumerate(moves)]


class Rapfi:
    def __init__(self):
        self.start()

    def start(self):
        self.p = subprocess.Popen([RAPFI], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.q = queue.Queue()
        threading.Thread(target=lambda: [self.q.put(l) for l in self.p.stdout], daemon=True).start()
        self.send('START 15')
        while self.q.get(timeout=30).strip() != 'OK':
            pass
        self.send('INFO timeout_turn %d' % MS)
        self.send('INFO thread_num 1')

    def send(self, s):
        self.p.stdin.write(s + '\n')
        self.p.stdin.flush()

    def value(self, moves):
        """Rapfi's value of the position for its side to move (None when it
        does not answer; it is restarted) and its move."""
        self.send('BOARD')
        for l in board_lines(moves):
            self.send(l)
        self.send('DONE')
        ev, self.line = None, []
        try:
            while True:
                l = self.q.get(timeout=5).strip()
                m = re.search(r'Eval (\S+)', l)
                if m:
                    ev = m.group(1)
                if 'Bestline' in l:
                    self.line = [(ord(c[0]) - 65, int(c[1:]) - 1) for c in l.split('Bestline')[1].split()]
                if re.fullmatch(r'\d+,\d+', l):
                    return number(ev), tuple(map(int, l.split(',')))
        except queue.Empty:
            self.p.kill()
            self.start()
            return None, None


def number(ev):
    if ev is None:
        return None
    if 'M' in ev:
        return -MATE if ev.startswith('-') else MATE
    return int(ev)


def kind(stones, move, colour):
    """What the move makes for its colour: a four (a five-cell window with four
    of its stones and none of the other's), a three (three, with room to become
    an open four), or nothing of either (quiet)."""
    x, y = move
    best = 'quiet'
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for s in range(-4, 1):
            cells = [(x + (s + i) * dx, y + (s + i) * dy) for i in range(5)]
            if any(not (0 <= a < 15 and 0 <= b < 15) for a, b in cells):
                continue
            v = [stones.get(p) for p in cells]
            if any(t not in (None, colour) for t in v):
                continue
            n = v.count(colour)
            if n >= 4:
                return 'four'
            ends = [(x + (s - 1) * dx, y + (s - 1) * dy), (x + (s + 5) * dx, y + (s + 5) * dy)]
            if n == 3 and ((v[0] is None and v[4] is None) or any(
                    0 <= a < 15 and 0 <= b < 15 and (a, b) not in stones for a, b in ends)):
                best = 'three'
    return best


def winning_line(moves, line, plies=8):
    """The kinds of the winner's first moves on Rapfi's best line."""
    stones = {m: i % 2 for i, m in enumerate(moves)}
    colour, kinds = len(moves) % 2, []
    for i, m in enumerate(line[:plies]):
        if m in stones:
            break
        stones[m] = (len(moves) + i) % 2
        if i % 2 == 0:
            kinds.append(kind(stones, m, colour))
    return kinds


def five(moves):
    """Whether the last move made five in a row (or more): a draw or a
    forfeit has no winner to judge."""
    if not moves:
        return False
    stones = {m: i % 2 for i, m in enumerate(moves)}
    (x, y), c = moves[-1], (len(moves) - 1) % 2
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for sign in (1, -1):
            k = 1
            while stones.get((x + sign * k * dx, y + sign * k * dy)) == c:
                n, k = n + 1, k + 1
        if n >= 5:
            return True
    return False


def lost_games(folder, player):
    for f in sorted(glob.glob(os.path.join(folder, '*.psq'))):
        moves, black, _ = parse(f)
        we = 0 if black.startswith(player) else 1
        winner = (len(moves) - 1) % 2
        if five(moves) and winner != we:
            yield f, moves, we


def losses(folder, player):
    r = Rapfi()
    n = turned = had_win = quiet_wins = 0
    for f, moves, we in lost_games(folder, player):
        n += 1
        vals, lines = {}, {}
        for k in range(3, len(moves)):
            vals[k] = r.value(moves[:k])[0]
            lines[k] = r.line
        blunder, wins = None, []
        for k in range(3, len(moves)):
            if k % 2 != we or vals.get(k) is None:
                continue
            before = vals[k]
            # a lost game's last move is the winner's, so position k + 1 is judged too
            after = -vals[k + 1] if vals[k + 1] is not None else None
            if before >= MATE:
                wins.append(k + 1)
            if blunder is None and after is not None and before > -MATE and after <= -MATE:
                blunder = (k + 1, before)
        turned += blunder is not None
        had_win += bool(wins)
        line = winning_line(moves[:wins[0] - 1], lines[wins[0] - 1]) if wins else []
        quiet_wins += 'quiet' in line
        print(json.dumps(dict(game=os.path.basename(f), colour='black' if we == 0 else 'white',
                              plies=len(moves), lost_at_ply=blunder and blunder[0],
                              value_before=blunder and blunder[1], won_at_plies=wins,
                              first_win_line=line)), flush=True)
    print('# %d lost games; %d turned lost by a move of %s that Rapfi scores lost after it; '
          '%d where %s had a win (Rapfi: mate for it) at some move, %d of them by a line whose first four '
          'moves of the winner include a quiet one (neither four nor three)' % (n, turned, player, had_win, player, quiet_wins))


def early(folder, player, specs):
    r = Rapfi()
    lost = {s: 0 for s in specs}
    total = 0
    for f in sorted(glob.glob(os.path.join(folder, '*.psq'))):
        moves, black, _ = parse(f)
        if black.startswith(player):
            continue
        for k in (5, 7):
            if len(moves) <= k:
                continue
            total += 1
            row = [os.path.basename(f)[:4], 'ply %d' % (k + 1)]
            for s in specs:
                inp = '\n'.join(['START 15', 'BOARD'] + board_lines(moves[:k]) + ['DONE', 'END']) + '\n'
                out = subprocess.run([MCGOMOKU, 'brain', '--engine', s], input=inp,
                                     capture_output=True, text=True, timeout=600).stdout
                mv = tuple(map(int, [l for l in out.splitlines() if re.fullmatch(r'\d+,\d+', l)][0].split(',')))
                v, _ = r.value(moves[:k] + [mv])
                lost[s] += v is not None and v >= MATE
                row += [s, '%d,%d' % mv, 'lost' if v is not None and v >= MATE else str(v)]
            print(' '.join(row), flush=True)
    for s in specs:
        print('# %s: %d of %d white positions lost after its move (Rapfi)' % (s, lost[s], total))


if __name__ == '__main__':
    if len(sys.argv) >= 4 and sys.argv[1] == 'losses':
        losses(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 5 and sys.argv[1] == 'early':
        early(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        sys.exit(__doc__)
