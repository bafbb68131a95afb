"""`stumpbot` — run the Discord bot, or (with no token configured) the offline local table.

    stumpbot                      Discord bot if DISCORD_TOKEN is set, else the local table
    stumpbot bot                  the Discord bot (needs DISCORD_TOKEN)
    stumpbot play [--vs-bot SEAT] [--level easy|normal|hard] [--new] [--players N] [--option K=V] [RULESET]
                                  (`--option hints=on`: the word `hint` shows the search's top moves)
    stumpbot learn [--new] [RULESET]   a guided first game against the bot, a coach explaining each decision
    stumpbot demo RULESET [--seed N] [--players N] [--option K=V] [--export FILE] [--replay OUT.webp]
    stumpbot replay FILE          step through a game record (docs/record-format.md)
    stumpbot replay FILE --animate OUT.webp   write the finished game's animated replay instead
    stumpbot verify FILE          replay a finished game's record from its seed and check every move
    stumpbot scenario PATH...
    stumpbot bench
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from bot import heap
from bot.config import Config, ConfigError, load_config
from bot.store import StoreError
from engine.core.errors import EngineError

DEFAULT_RULESET = "electioneer"


def _table_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, default=None, help="how many players (default: the full table)")
    p.add_argument("--option", metavar="K=V", action="append", default=[],
                   help="a game option as name=value; repeat for more (`--option help` lists the game's options)")


def _options(args: argparse.Namespace, *, table: bool = False) -> dict | None:
    """The `--option` pairs, checked against the game's options: a refusal names the option, what it takes and
    every option of the game. `table`: the local table's game, which also takes `hints=on` (the table's option,
    not the game's: bot/service/hints.py)."""
    from bot.present.option_hints import parse_for
    from bot.service.hints import OPTION, hints_on
    from engine import registry

    pairs = " ".join(args.option).split()
    hints = [p for p in pairs if table and p.casefold().startswith(f"{OPTION}=")]
    options = parse_for(registry.get(args.ruleset), " ".join(p for p in pairs if p not in hints), table=table)
    for pair in hints:
        options[OPTION] = hints_on(pair.split("=", 1)[1])
    return options or None


def _option_help(args: argparse.Namespace, *, table: bool = False) -> str | None:
    """The answer to `--option help` (the game's options, and at the local `table` `hints`), else None."""
    from bot.present.option_hints import asks_for_help, option_help
    from engine import registry

    if not asks_for_help(" ".join(args.option)):
        return None
    return option_help(registry.get(args.ruleset), table=table)  # a known game: main() refused any other


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="stumpbot", description="A referee for US-presidential-election board games.")
    sub = p.add_subparsers(dest="command")
    sub.add_parser("bot", help="run the Discord bot (needs DISCORD_TOKEN in the environment or .env)")
    play = sub.add_parser("play", help="play a hot-seat game in this terminal")
    play.add_argument("ruleset", nargs="?", default=DEFAULT_RULESET)
    play.add_argument("--vs-bot", metavar="SEAT", action="append", default=[], help="let the built-in bot play SEAT")
    play.add_argument("--level", metavar="LEVEL", default=None,
                      help="how well the bot plays its seats: easy, normal (the default) or hard")
    play.add_argument("--new", action="store_true", help="abandon the saved local game and start afresh")
    _table_arguments(play)
    learn = sub.add_parser("learn", help="a guided first game against the bot: a coach explains each new decision")
    learn.add_argument("ruleset", nargs="?", default=DEFAULT_RULESET)
    learn.add_argument("--new", action="store_true", help="abandon the lesson in progress and start it afresh")
    demo = sub.add_parser("demo", help="the built-in bot plays every seat; prints the log and writes every image")
    demo.add_argument("ruleset", nargs="?", default=DEFAULT_RULESET)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--moves", type=int, default=None, metavar="N",
                      help="stop after N moves: a look at the opening (default: play to the end)")
    demo.add_argument("--export", metavar="FILE", type=Path, default=None, help="write the game's record (JSON) to FILE")
    demo.add_argument("--replay", metavar="OUT", type=Path, default=None,
                      help="write the game's animated replay (WebP, or GIF without WebP support) to OUT")
    _table_arguments(demo)
    rep = sub.add_parser("replay", help="step through a game record: Enter shows the next move and writes its picture")
    rep.add_argument("file", type=Path)
    rep.add_argument("--animate", metavar="OUT", type=Path, default=None,
                     help="write the finished game's animated replay (WebP, or GIF) to OUT instead of stepping through")
    ver = sub.add_parser("verify", help="replay a finished game's record from its revealed seed and check every move")
    ver.add_argument("file", type=Path)
    scen = sub.add_parser("scenario", help="run scenario files (rules test cases)")
    scen.add_argument("paths", nargs="+")
    sub.add_parser("bench", help="run the benchmarks in bench/")
    tr = sub.add_parser("transcripts", help="play each game's seeded transcript game and write docs/transcripts/")
    tr.add_argument("names", nargs="*", help="which transcripts (default: all)")
    tr.add_argument("--check", action="store_true", help="write nothing; exit 1 if a committed transcript differs")
    tr.add_argument("--images", metavar="DIR", type=Path, default=None,
                    help="also write each transcript's pictures to DIR (outside docs/: pictures are not committed)")
    return p


def main(argv: list[str] | None = None) -> int:
    heap.return_large_buffers()  # a long game's boards do not pile up in the process (bot/heap.py)
    argv = sys.argv[1:] if argv is None else argv
    args = _parser().parse_args(argv)
    try:
        config = load_config()
    except ConfigError as exc:
        print(f"Can't start: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=getattr(logging, config.log_level, logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    command = args.command
    if command is None:
        command = "bot" if config.token else "play"
        if command == "play":
            print(_welcome())
            argv = ["play"]
            args = _parser().parse_args(argv)
    if command in ("play", "demo", "learn") and (problem := _unknown_ruleset(args.ruleset)):
        print(problem)  # before anything is written: no database for a game that does not exist
        return 2
    handler = _COMMANDS.get(command)
    return 0 if handler is None else handler(args, config, argv)


def _bot_command(args: argparse.Namespace, config: Config, argv: list[str]) -> int:
    """`stumpbot bot`: the Discord bot, which needs a token."""
    if not config.token:
        print("DISCORD_TOKEN is not set. Copy .env.example to .env and fill it in (README: 'Run it on Discord').")
        return 2
    from bot.discord import run

    run(config.token, str(config.db_path), dev_guild_id=config.dev_guild_id, shards=config.shards,
        thinking=config.thinking)
    return 0


def _play_command(args: argparse.Namespace, config: Config, argv: list[str]) -> int:
    """`stumpbot play`: a hot-seat game on the local table, resumed from its saved database."""
    from bot.tables.local import play_local

    if (answer := _option_help(args, table=True)) is not None:
        print(answer)
        return 0
    if not sys.stdin.isatty():
        # Piped input is played line by line (scripts and tests do this); say so rather than refuse.
        print("Standard input is not a terminal: reading one answer per line from it, and the game is saved after "
              "each move. To watch the bots play instead, try `stumpbot demo`.")
    logging.getLogger().setLevel(logging.WARNING)
    try:
        asyncio.run(play_local(config.db_path.with_name("local.sqlite3"), config.out_dir, args.ruleset,
                               bot_seats={s.upper() for s in args.vs_bot}, new=args.new,
                               players=args.players, options=_options(args, table=True), command=_typed(argv),
                               level=args.level, thinking_settings=config.thinking))
    except (EngineError, ValueError, StoreError, OSError) as exc:
        print(f"Can't start: {getattr(exc, 'message', None) or exc}")
        return 2
    except KeyboardInterrupt:  # Ctrl-C between prompts (at one, the table says the same with the game's number)
        print("\nSaved. Run the same command again to resume the game.")
    return 0


def _demo_command(args: argparse.Namespace, config: Config, argv: list[str]) -> int:
    """`stumpbot demo`: the bots play every seat of a seeded game; its pictures (and any record or replay asked
    for) are what it leaves behind."""
    from bot.tables.demo import demo_folder, run_demo

    logging.getLogger().setLevel(logging.WARNING)
    if (answer := _option_help(args)) is not None:
        print(answer)
        return 0
    try:
        # the demo's game lives in a database of its own for the run, removed after it: what the demo leaves
        # is its folder of pictures (and the record or replay asked for)
        with tempfile.TemporaryDirectory(prefix="stumpbot-demo-") as scratch:
            db = Path(scratch) / "demo.sqlite3"
            folder = demo_folder(config.out_dir / "demo", args.ruleset, args.seed)
            game_id, _ = asyncio.run(run_demo(db, folder, args.ruleset, seed=args.seed,
                                              players=args.players, options=_options(args), export=args.export,
                                              moves=args.moves))
            if args.replay is not None:
                from bot.policy.replay_files import copy_replay

                print(copy_replay(folder, db, game_id, args.replay))
    except (EngineError, ValueError, StoreError, OSError) as exc:
        print(f"Can't start: {getattr(exc, 'message', None) or exc}")
        return 2
    return 0


def _replay_command(args: argparse.Namespace, config: Config, argv: list[str]) -> int:
    """`stumpbot replay`: step through a record, or with --animate write its animated replay."""
    if args.animate is not None:
        from bot.policy.replay_files import animate_record_command

        return animate_record_command(args.file, args.animate)
    return _record_command("replay", args.file, config.out_dir)


def _bench_command(args: argparse.Namespace, config: Config, argv: list[str]) -> int:
    """`stumpbot bench`: each script in bench/ in turn; nonzero when any of them fails."""
    root = Path(__file__).resolve().parent.parent / "bench"
    status = 0
    for script in sorted(root.glob("bench_*.py")):
        print(f"== {script.name}")
        status |= subprocess.call([sys.executable, str(script)])
    return status


def _learn_command(ruleset: str, *, new: bool, db: Path, out_dir: Path) -> int:
    """`stumpbot learn`: the guided first game on the local table (bot/tables/learn.py)."""
    from bot.tables.learn import learn_local

    logging.getLogger().setLevel(logging.WARNING)
    try:
        asyncio.run(learn_local(db, out_dir, ruleset, new=new))
    except (EngineError, ValueError, StoreError, OSError) as exc:
        print(f"Can't start: {getattr(exc, 'message', None) or exc}")
        return 2
    except KeyboardInterrupt:
        print("\nSaved. Run the same command again to resume the lesson.")
    return 0


def _welcome() -> str:
    """What a bare `stumpbot` without a Discord token says before it starts the default game: what this is, the
    games there are and how to start each."""
    from bot.present import coach
    from engine import registry

    short = {name: alias for alias, name in registry.ALIASES.items()}  # `1960` rather than `nineteen_sixty`
    games = [(ruleset.title, f"stumpbot play {short.get(name, name)}") for name, ruleset in registry.RULESETS.items()]
    width = max(len(title) for title, _ in games) + 2
    return "\n".join([
        "Welcome to Stumpbot, a referee for US-presidential-election board games.",
        "No DISCORD_TOKEN is set: this is the offline table, where the players share this keyboard.",
        "(To run Stumpbot on Discord, see the README.)",
        f"The {len(games)} games, and how to start each:",
        *(f"  {title.ljust(width)}{command}" for title, command in games),
        "  (add --vs-bot SEAT to let the bot play a seat, --level hard for a stronger bot; `stumpbot demo GAME` watches the bots play a game)",
        *([f"  New to a game? `stumpbot learn GAME` is a guided first game against the bot "
           f"({', '.join(short.get(n, n) for n in lessons)})."] if (lessons := coach.titles()) else []),
        f"Starting {registry.get(DEFAULT_RULESET).title} now. Type quit at any prompt to save and stop.",
        "",
    ])


def _unknown_ruleset(name: str) -> str | None:
    """The one line naming the known rulesets when `name` is none of them, else None."""
    from engine import registry

    try:
        registry.get(name)
    except KeyError as exc:
        return str(exc.args[0])
    return None


def _typed(argv: list[str]) -> str:
    """The command as the player typed it, for a hint to run it again with another flag."""
    return shlex.join(["stumpbot", *argv])


def _scenario_command(paths: list[Path]) -> int:
    """0 when every case passes, 1 when one fails, 2 when a path given does not exist (a typo, not a failing case)."""
    from engine.scenario import run_paths

    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        print(f"No such scenario file or folder: {', '.join(missing)}")
        return 2
    lines, passed, failed = run_paths(paths)
    for line in lines:
        print(line)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def _record_command(command: str, path: Path, out_dir: Path) -> int:
    """`replay` and `verify`: 0 when all is well, 1 when a record does not check out, 2 when it can't be read."""
    from bot.policy import record as records
    from bot.policy.record_verify import verify_record

    logging.getLogger().setLevel(logging.WARNING)
    try:
        if command == "replay":
            from bot.tables.replay import replay_record

            replay_record(path, out_dir)
            return 0
        verdict = verify_record(records.load(path))
    except records.RecordError as exc:
        print(f"Can't read the record: {exc}")
        return 2
    except (KeyError, TypeError, ValueError, EngineError) as exc:  # a record that reads but cannot be replayed
        detail = exc.args[0] if isinstance(exc, KeyError) and exc.args else getattr(exc, "message", None) or exc
        print(f"Can't replay the record: {path}: the record is malformed ({detail})")
        return 2
    for note in verdict.notes:
        print(f"✓ {note}")
    if not verdict.ok:
        for problem in verdict.problems:
            print(f"✗ {problem}")
        print(f"{path}: NOT verified ({verdict.checked} moves matched before the first problem).")
        return 1
    print(f"{path}: verified — {verdict.checked} moves replayed from the seed, every state hash matches.")
    return 0


def _transcripts_command(names: list[str], *, check: bool, images: Path | None = None) -> int:
    """`stumpbot transcripts`: (re)write docs/transcripts/<name>.md for each setting, or with --check say which
    differ from the committed files."""
    from bot.tables import transcripts

    logging.getLogger().setLevel(logging.WARNING)
    try:
        chosen = [transcripts.setting(n) for n in names] if names else transcripts.SETTINGS
    except KeyError as exc:
        print(exc.args[0])
        return 2
    root = Path(__file__).resolve().parent.parent
    if images is not None and images.resolve().is_relative_to(root / "docs"):
        print("The pictures are not committed: give a folder outside docs/ to --images.")
        return 2
    differ = []
    for s in chosen:
        text = asyncio.run(transcripts.transcript(s, images=images))
        path = transcripts.path_of(root, s)
        if check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                differ.append(str(path.relative_to(root)))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(root)} ({len(text.splitlines())} lines)")
    if differ:
        print("Transcripts that differ (run `stumpbot transcripts` and review the diff): " + ", ".join(differ))
        return 1
    return 0


_COMMANDS = {
    "bot": _bot_command,
    "play": _play_command,
    "learn": lambda args, config, argv: _learn_command(args.ruleset, new=args.new,
                                                       db=config.db_path.with_name("local.sqlite3"),
                                                       out_dir=config.out_dir),
    "demo": _demo_command,
    "replay": _replay_command,
    "verify": lambda args, config, argv: _record_command("verify", args.file, config.out_dir),
    "scenario": lambda args, config, argv: _scenario_command([Path(p) for p in args.paths]),
    "transcripts": lambda args, config, argv: _transcripts_command(args.names, check=args.check, images=args.images),
    "bench": _bench_command,
}
"""Each subcommand's handler, given the parsed arguments, the configuration and the arguments as typed."""


if __name__ == "__main__":
    sys.exit(main())
