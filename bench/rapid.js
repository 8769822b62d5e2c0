#!/usr/bin/env node
// rapid.js - the peer measured by `make bench`: the same work as stackref
// done by rapid-draughts (npm, an English-draughts engine in TypeScript),
// through its engine API (EnglishDraughtsEngineFactory: moves, move).
//
//   node bench/rapid.js perft DEPTH...     perft from the start position
//   node bench/rapid.js check FILE         replay every game of a PDN file
//   node bench/rapid.js latency FILE RUNS  replay FILE RUNS times in-process
//
// check validates every move of each game's main line: a move is accepted
// only when exactly one legal move of the position has its squares (origin,
// destination and, for a multiple jump written in full, the captured
// squares).  A game with a FEN tag starts from that position, loaded as the
// engine's board data.  One line of figures is printed; timings exclude the
// start of node and reading the file.  RAPID_DEBUG=1 names each game
// rejected and its move on standard error.
import { readFileSync } from 'node:fs';
import { EnglishDraughtsEngineFactory as Engine } from 'rapid-draughts/english';

// Engine bit of PDN square 1..32: the order of the library's own 1D adapter
// (EnglishDraughtsAdapter1D), whose position p is PDN square p + 1.
const BIT = [11, 5, 31, 25, 10, 4, 30, 24, 3, 29, 23, 17, 2, 28, 22, 16,
	27, 21, 15, 9, 26, 20, 14, 8, 19, 13, 7, 1, 18, 12, 6, 0]
	.map((b) => 2 ** b);
// Bitboards compare as unsigned 32-bit numbers (the engine mixes signs).
const u32 = (x) => x >>> 0;
const bit = (sq) => BIT[sq - 1];

// Row and column of a PDN square (row 0 holds 1-4), to find the square
// jumped over between two landing squares.
const rc = (sq) => { const r = (sq - 1) >> 2;
	return [r, 2 * ((sq - 1) & 3) + (r & 1 ? 0 : 1)]; };
function between(a, b) {
	const [ra, ca] = rc(a), [rb, cb] = rc(b);
	const r = (ra + rb) / 2, c = (ca + cb) / 2;
	return r * 4 + (c >> 1) + 1;
}

// Leaf count of the move tree (bulk count at depth 1, as stackref does).
function perft(e, depth) {
	const moves = e.moves;
	if (depth === 1) return moves.length;
	let n = 0;
	for (const m of moves) {
		const c = e.clone();
		c.move(m);
		n += perft(c, depth - 1);
	}
	return n;
}

// Engine data of a PDN FEN value ("W:W21,K30:B1,2" ...), or null.
function fenData(fen) {
	const parts = fen.replace(/\.$/, '').split(':').map((s) => s.trim());
	if (parts.length < 3) return null;
	const board = { light: 0, dark: 0, king: 0 };
	for (const part of parts.slice(1)) {
		const side = part[0] === 'W' ? 'light' : part[0] === 'B' ? 'dark' : '';
		if (!side) return null;
		for (let t of part.slice(1).split(',')) {
			if (!(t = t.trim())) continue;
			const king = t[0] === 'K';
			const sq = Number(king ? t.slice(1) : t);
			if (!(sq >= 1 && sq <= 32)) return null;
			board[side] |= bit(sq);
			if (king) board.king |= bit(sq);
		}
	}
	return { player: parts[0] === 'W' ? 'light' : 'dark', board,
		stats: { sinceCapture: 0, sinceNonKingAdvance: 0 } };
}

// The move texts of a movetext, main line only: comments, variations,
// NAGs, move numbers and the result left out.
function moveTexts(text) {
	text = text.replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
	while (/\([^()]*\)/.test(text)) text = text.replace(/\([^()]*\)/g, ' ');
	text = text.replace(/(^|\s)(1-0|0-1|2-0|0-2|1-1|1\/2-1\/2|\*)(?=\s|$)/g,
	    ' ');
	return text.match(/\d+(?:[-x]\d+)+/g) || [];
}

// Replays one game: its tag section and movetext.  Returns the number of
// plies, or -1 at the first move that is not exactly one legal move.
function replay(tags, movetext) {
	const fen = /\[FEN\s+"([^"]*)"/.exec(tags);
	let data;
	if (fen && !(data = fenData(fen[1]))) return -1;
	const e = Engine.setup(data);
	let plies = 0;
	for (const t of moveTexts(movetext)) {
		const sq = t.split(/[-x]/).map(Number);
		const from = bit(sq[0]), to = bit(sq[sq.length - 1]);
		let caps = 0;
		if (sq.length > 2)
			for (let i = 1; i < sq.length; i++)
				caps = u32(caps | bit(between(sq[i - 1], sq[i])));
		let found = null, n = 0;
		for (const m of e.moves)
			if (u32(m.origin) === from && u32(m.destination) === to &&
			    (caps === 0 || u32(m.captures) === caps)) {
				found = m;
				n++;
			}
		if (n !== 1) {
			if (process.env.RAPID_DEBUG)
				console.error(`${t}: ${n} matches: ${tags.split('\n')[0]}`);
			return -1;
		}
		e.move(found);
		plies++;
	}
	return plies;
}

// Splits a PDN text into games (a tag line after movetext starts a game)
// and replays each; returns { games, plies, rejected, fen }.
function checkText(text) {
	const r = { games: 0, plies: 0, rejected: 0, fen: 0 };
	const re = /((?:^\[[^\n]*\n)+)([^[]*(?:\n(?!\[)[^\n]*)*)/gm;
	let g;
	while ((g = re.exec(text)) !== null) {
		r.games++;
		if (g[1].includes('[FEN ')) r.fen++;
		const p = replay(g[1], g[2]);
		if (p < 0) r.rejected++;
		else r.plies += p;
	}
	return r;
}

const now = () => Number(process.hrtime.bigint()) / 1e9;
const [cmd, ...args] = process.argv.slice(2);
if (cmd === 'perft') {
	for (const d of args.map(Number)) {
		const c0 = process.cpuUsage(), t0 = now();
		const n = perft(Engine.setup(), d), s = now() - t0;
		const c = process.cpuUsage(c0), cs = (c.user + c.system) / 1e6;
		console.log(`rapid-draughts checkers depth ${d} ${n} nodes ` +
		    `${s.toFixed(3)} s ${(n / s).toFixed(0)} nodes/s ` +
		    `(CPU ${(n / cs).toFixed(0)} nodes/s)`);
	}
} else if (cmd === 'check' && args.length === 1) {
	const text = readFileSync(args[0], 'latin1');
	const t0 = now(), r = checkText(text), s = now() - t0;
	console.log(`rapid-draughts check ${r.games} games (${r.fen} from a ` +
	    `FEN) ${r.plies} plies ${r.rejected} rejected ${s.toFixed(3)} s ` +
	    `${(r.games / s).toFixed(0)} games/s ` +
	    `${(text.length / 1e6 / s).toFixed(1)} MB/s`);
	process.exitCode = r.rejected ? 1 : 0;
} else if (cmd === 'latency' && args.length === 2) {
	const text = readFileSync(args[0], 'latin1'), runs = Number(args[1]);
	checkText(text);                       // warm up the JIT once
	const t0 = now();
	for (let i = 0; i < runs; i++) checkText(text);
	const s = now() - t0;
	console.log(`rapid-draughts in-process check of one game: ` +
	    `${(s * 1000 / runs).toFixed(3)} ms (${runs} runs)`);
} else {
	console.error('usage: rapid.js perft DEPTH... | check FILE | ' +
	    'latency FILE RUNS');
	process.exitCode = 2;
}
