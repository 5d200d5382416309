"""Numbers on the command line and in the contract: ASCII digits only, counts within int64, n within memory,
game indices within the run."""
import argparse
import json

import pytest

import simcore
from simcore import cliargs
from simcore.games import base


def one_line_error(code, err, needle):
    assert code == 2, err
    assert err.startswith("simcore: error: ") and err.count("\n") == 1, err
    assert needle in err, err


# ---------------------------------------------------------------- the parsers

@pytest.mark.parametrize("text", ["١٠٠", "1_0", " 5", "5 ", "²", "1e3", "0x10", "", "+", "五"])
def test_whole_number_takes_ascii_digits_only(text):
    with pytest.raises(argparse.ArgumentTypeError, match="digits 0-9"):
        cliargs.whole_number(text)


@pytest.mark.parametrize("text,value", [("0", 0), ("42", 42), ("-7", -7), ("+3", 3), ("007", 7)])
def test_whole_number_reads_ascii_digits(text, value):
    assert cliargs.whole_number(text) == value


@pytest.mark.parametrize("text,value", [("0.8", 0.8), (".95", 0.95), ("1e-3", 0.001), ("2", 2.0), ("5.", 5.0)])
def test_decimal_reads_ascii(text, value):
    assert cliargs.decimal(text) == value


@pytest.mark.parametrize("text", ["٠.٥", "0_5", "nan", "inf", " 0.5", "0.5.1", "", "."])
def test_decimal_refuses_anything_else(text):
    with pytest.raises(argparse.ArgumentTypeError, match="digits 0-9"):
        cliargs.decimal(text)


def test_counts_and_indices_are_int64():
    assert cliargs.positive_int(str(2**63 - 1)) == 2**63 - 1
    with pytest.raises(argparse.ArgumentTypeError, match=r"at most 2\*\*63-1"):
        cliargs.positive_int(str(2**63))
    assert cliargs.game_index(str(2**63 - 1)) == 2**63 - 1
    for bad in (str(2**63), "-1"):
        with pytest.raises(argparse.ArgumentTypeError, match=r"0 \.\. 2\*\*63-1"):
            cliargs.game_index(bad)
    assert cliargs.seed(str(2**64 - 1)) == 2**64 - 1


@pytest.mark.parametrize("argv,needle", [
    (["ezr", "-n", "١٠٠"], "argument -n: expected a whole number (digits 0-9), got '١٠٠'"),
    (["ezr", "-n", "1_0"], "argument -n: expected a whole number (digits 0-9), got '1_0'"),
    (["ezr", "-n", "9223372036854775808"], "argument -n: must be at most 2**63-1"),
    (["ezr", "-n", "1" + "0" * 30], "argument -n: must be at most 2**63-1"),
    (["ezr", "--seed", "٣"], "argument --seed: expected a whole number"),
    (["ezr", "--threads", "٢"], "argument --threads: expected a whole number"),
    (["ezr", "--threads", "4097"], "argument --threads: this machine runs "),       # named with its option
    (["league", "project", "LEAGUE", "--threads", "4097"], "argument --threads: this machine runs "),
    # --workers of the threads executor, as --threads is: refused as the line is read, a play-by-play too
    (["ezr", "-n", "10", "--workers", "4097"], "simcore ezr: argument --workers: the threads executor runs on this "
                                               "machine's "),
    (["pyramid", "--pbp", "--workers", "4097"], "simcore pyramid: argument --workers: the threads executor runs "),
    (["league", "project", "LEAGUE", "--workers", "4097"], "argument --workers: the threads executor runs "),
    (["ezr", "period", "--ezr", "٣"], "argument --ezr: expected a whole number from -7 to +10"),
    (["ezr", "period", "--ezr", "11"], "argument --ezr: expected a whole number from -7 to +10, got '11'"),
    (["ezr", "period", "--ezr", "-8"], "argument --ezr: expected a whole number from -7 to +10, got '-8'"),
    (["ezr", "period", "--ezr", "0", "--period", "١"], "argument --period: expected a whole number"),
    (["strat", "KBY", "NRV", "-n", "100000000000000000000"], "argument -n: must be at most 2**63-1"),
    (["strat", "KBY", "NRV", "--pbp", "--game", "١"], "argument --game-id/--game: expected a whole number"),
    (["strat", "KBY", "NRV", "--pbp", "--game-id", "100000000000000000000"],
     "argument --game-id/--game: must be in 0 .. 2**63-1"),
    (["strat", "KBY", "NRV", "--pbp", "--game", "50", "-n", "10"],
     "--game-id 50 is not a game of a run of -n 10 games (0 .. 9)"),
    (["strat", "KBY", "NRV", "--pbp", "--game", "10", "-n", "10"], "--game-id 10 is not a game of a run of -n 10"),
    (["pyramid", "--pbp", "--game-id", "10", "-n", "10"], "--game-id 10 is not a game of a run of -n 10 games"),
    (["pyramid", "--pbp", "--game-id", "-1"], "argument --game-id: must be in 0 .. 2**63-1"),
    (["pyramid", "--matrix-n", "٥", "--report"], "argument --matrix-n: expected a whole number"),
    (["compare", "ezr", "-n", "١٠"], "argument -n: expected a whole number"),
    (["compare", "ezr", "--power", "٠.٥"], "argument --power: expected a number (digits 0-9)"),
    (["sweep", "ezr", "--grid", "qq_chart=on,off", "--seeds", "١"], "--seeds '١'"),
    (["league", "project", "x.toml", "-n", "1_000"], "argument -n: expected a whole number"),
])
def test_cli_numbers_refused_in_one_line(cli, argv, needle):
    code, _, err = cli(*argv)
    one_line_error(code, err, needle)


def test_game_index_inside_the_run_plays(cli):
    code, out, err = cli("pyramid", "--pbp", "--game-id", "9", "-n", "10")
    assert code == 0, err
    assert out.startswith("Pyramid card hockey: game 9 of seed 0")
    code, out, err = cli("pyramid", "--pbp", "--game-id", "5000000")    # no -n: any game of any run
    assert code == 0 and "game 5000000 of seed 0" in out


@pytest.mark.parametrize("gid", ["ezr", "strat", "pyramid"])
@pytest.mark.parametrize("index", [-1, 2**63, 10**20, 1.0, True])
def test_play_by_play_refuses_a_game_index_outside_int64(gid, index):
    with pytest.raises(ValueError, match=r"game_index must be a whole number in 0 \.\. 2\*\*63-1"):
        simcore.game(gid).play_by_play(game_index=index)


# ---------------------------------------------------------------- n and memory

def test_check_n_bounds_n_to_int64():
    assert base.check_n(2**63 - 1) == 2**63 - 1
    for bad in (2**63, 10**30, 0, -1, 1.5, True):
        with pytest.raises(ValueError, match=r"1 \.\. 2\*\*63-1"):
            base.check_n(bad)


def test_bytes_per_game_come_from_the_declared_outputs():
    from simcore.games.ezr import kernel as K

    ezr = simcore.game("ezr")
    records = sum(a.nbytes for a in K.GAME_OUTPUTS.allocate(1))
    assert records == 35
    assert base.bytes_per_game(ezr, "games") == records + ezr.table_bytes_per_game
    assert base.bytes_per_game(ezr, "aggregate") == 0                   # constant memory
    strat = simcore.game("strat")
    # OG 40 + OT + OK 112 bytes (14 counters, 2 sides, 2 goalies), the pairing, goalie slots and fatigue 3 x 16;
    # the player counters are reused
    assert base.bytes_per_game(strat, "games") == 324 + strat.table_bytes_per_game
    pyramid = simcore.game("pyramid")
    assert base.bytes_per_game(pyramid, "games") == 116 + pyramid.table_bytes_per_game


def test_check_memory_gives_the_limit_and_the_way_around():
    ezr = simcore.game("ezr")
    per = base.bytes_per_game(ezr, "games")
    base.check_memory(ezr, 1000, "games", available=1000 * per)         # exactly fits
    with pytest.raises(ValueError) as e:
        base.check_memory(ezr, 1001, "games", available=1000 * per)
    msg = str(e.value)
    assert "at most 1,000 games a run" in msg and "mode='aggregate'" in msg and "1,001 games" in msg
    base.check_memory(ezr, 10**18, "aggregate", available=1)           # aggregate: constant memory
    with pytest.raises(ValueError, match="at most 0 games a run; run fewer games"):
        base.check_memory(simcore.game("strat"), 1, "games", available=10)
    # two runs side by side (a comparison on Dask) hold twice the games
    base.check_memory(ezr, 500, "games", available=1000 * per, runs=2)
    with pytest.raises(ValueError, match=r"ezr: 2 runs side by side of 501 games each keep about .* at most 500 "
                                         r"games a run; run fewer games \(several runs"):      # no aggregate there
        base.check_memory(ezr, 501, "games", available=1000 * per, runs=2)


@pytest.mark.parametrize("gid,mode", [("ezr", "games"), ("strat", "games"), ("pyramid", "games")])
def test_simulate_refuses_before_allocating(gid, mode, monkeypatch):
    g = simcore.game(gid)

    def never(*a, **kw):
        raise AssertionError("run() called: the check must come first")

    monkeypatch.setattr(type(g), "run", never)
    monkeypatch.setattr(base, "available_memory", lambda: 1 << 30)
    with pytest.raises(ValueError, match="more than the 1.1 GB of memory available: at most"):
        g.simulate(n=10**9, seed=1, mode=mode)


def test_huge_n_is_one_line_on_the_command_line(cli, monkeypatch):
    monkeypatch.setattr(base, "available_memory", lambda: 2 << 30)
    code, _, err = cli("strat", "KBY", "NRV", "-n", "100000000")
    limit = (2 << 30) // base.bytes_per_game(simcore.game("strat"), "games")
    one_line_error(code, err, "strat: 100,000,000 games keep about 162.4 GB of records and tables")
    assert f"at most {limit:,} games a run; run fewer games" in err
    code, _, err = cli("compare", "ezr", "--b", "qq_chart=off", "-n", "9223372036854775807")
    # the command line has no mode=: it names what it can change (-n, --seed); the API keeps mode='aggregate'
    one_line_error(code, err, "ezr: 9,223,372,036,854,775,807 games keep about")
    assert "run fewer games with -n (several runs with different --seed values add up)" in err
    assert "mode=" not in err
    with pytest.raises(base.MemoryLimitError, match="use mode='aggregate'") as e:
        simcore.game("ezr").simulate(n=9223372036854775807)
    assert "mode=" not in e.value.command_line and "-n" in e.value.command_line


def test_available_memory_is_positive():
    assert base.available_memory() > 0


@pytest.mark.parametrize("argv,shown", [
    (["compare", "ezr", "\x1e", "qq_chart=off", "-n", "20"], r"unrecognized arguments: \x1e qq_chart=off"),
    (["ezr", "--home", "B\nOS", "-n", "10"], r"team 'B\nOS' must be"),
    (["ezr", "--home", "B\u2028OS", "-n", "10"], r"B\u2028OS"),
])
def test_control_characters_in_arguments_stay_on_the_error_line(cli, argv, shown):
    """A character that breaks lines (\\x1e, \\n, U+2028) in what a user typed is written as its escape, so the
    error is still one line (found by tests/fuzz)."""
    code, _, err = cli(*argv)
    one_line_error(code, err, shown)
    assert len(err.splitlines()) == 1


# ---------------------------------------------------------------- contradictions and repeats

@pytest.mark.parametrize("argv,needle", [
    (["ezr", "--no-qq-chart", "--rules", "qq_chart=on"],
     "--no-qq-chart and --rules qq_chart=on contradict each other; give one"),
    (["ezr", "--overtime", "none", "--rules", "overtime=table"],
     "--overtime none and --rules overtime=table contradict each other"),
    (["ezr", "--shootout", "off", "--rules", "shootout=on"],
     "--shootout off and --rules shootout=on contradict each other"),
    (["ezr", "--overtime", "table", "--rules", "regulation_only"],
     "--overtime table and --rules regulation_only (the preset sets overtime=none) contradict each other"),
    (["ezr", "--shootout", "on", "--rules", "ties"],
     "--shootout on and --rules ties (the preset sets shootout=off) contradict each other"),
    (["ezr", "--rules", "qq_chart=on", "--rules", "qq_chart=off"],
     "ezr rule field 'qq_chart' is given twice (qq_chart=on and qq_chart=off)"),
    (["ezr", "period", "--ezr", "0", "--rules", "qq_chart=on", "--rules", "qq_chart=off"],
     "'qq_chart' is given twice (qq_chart=on and qq_chart=off)"),
    (["pyramid", "--rules", "tie_break=shootout", "--rules", "tie_break=sudden-death"],
     "'tie_break' is given twice (tie_break=shootout and tie_break=sudden-death)"),
    (["strat", "KBY", "NRV", "--rules", "goalie_fatigue=off", "--rules", "goalie_fatigue=on"],
     "'goalie_fatigue' is given twice (goalie_fatigue=off and goalie_fatigue=on)"),
    (["strat", "KBY", "NRV", "--coach", "penetrate=always,penetrate=never"],
     "coach policy 'penetrate' is given twice (penetrate=always and penetrate=never)"),
    (["strat", "KBY", "NRV", "--coach", "penetrate=always", "--coach", "penetrate=never"],
     "coach policy 'penetrate' is given twice (penetrate=always and penetrate=never)"),
    (["ezr", "--chart", "qq=BAD.csv", "--chart", "qq=GOOD.csv"],
     "--chart qq is given twice (qq=BAD.csv and qq=GOOD.csv); give each chart once"),
    (["compare", "ezr", "--b", "qq_chart=off", "--b", "qq_chart=on"],
     "'qq_chart' is given twice (qq_chart=off and qq_chart=on)"),
    (["compare", "ezr", "--a", "qq_chart=off", "--a", "qq_chart=on"],
     "'qq_chart' is given twice (qq_chart=off and qq_chart=on)"),
    (["compare", "ezr", "--setup", "home=BOS", "--setup", "home=NYR"],
     "--setup key 'home' is given twice (home=BOS and home=NYR)"),
    (["sweep", "ezr", "--grid", "overtime=table,none", "--base", "qq_chart=on", "--base", "qq_chart=off"],
     "'qq_chart' is given twice (qq_chart=on and qq_chart=off)"),
    (["sweep", "ezr", "--grid", "overtime=none", "--grid", "overtime=table"], "--grid names 'overtime' twice"),
    (["ezr", "--overtime", "none", "--overtime", "table"],
     "--overtime none and --overtime table set one thing twice; give one"),
    (["ezr", "--home", "BOS", "--home", "NYR"], "--home BOS and --home NYR set one thing twice"),
    (["ezr", "-n", "10", "-n", "20"], "-n 10 and -n 20 set one thing twice"),
    (["ezr", "--threads", "1", "--threads", "2"], "--threads 1 and --threads 2 set one thing twice"),
    (["pyramid", "--policy-a", "rush", "--policy-a", "random"], "--policy-a rush and --policy-a random set one"),
    (["pyramid", "--policy-a", "shoot=always,shoot=random"],
     "pyramid policy field 'shoot' is given twice (shoot=always and shoot=random)"),
    (["blueline", "--policy-away", "check=body;check=stick"],
     "blueline policy field 'check' is given twice (check=body and check=stick)"),
    (["blueline", "--policy-away", "shoot=always;cautious"], "the preset 'cautious' must come first"),
    (["sweep", "ezr", "--grid", "overtime=none", "--seeds", "1", "--seeds", "1"],
     "seeds (--seeds) repeat 1: [1, 1]; give each seed once"),
    (["sweep", "ezr", "--grid", "overtime=none", "--metrics", "tie", "--metrics", "tie"],
     "--metrics names the ezr metric 'tie' twice"),
    (["compare", "ezr", "--b", "overtime=none", "--metrics", "tie", "--metrics", "tie"],
     "--metrics names the ezr metric 'tie' twice"),
    (["dataset", "ezr", "--out", "ds", "--tables", "games", "--tables", "games"], "tables names 'games' twice"),
    (["league", "history", "LEAGUE", "--dates", "2026-11-05", "--dates", "2026-11-05"],
     "--dates gives 2026-11-05 twice; give each date once"),
])
def test_a_setting_given_twice_is_refused_naming_both(cli, argv, needle):
    code, _, err = cli(*argv)
    one_line_error(code, err, needle)


@pytest.mark.parametrize("twice,once", [
    (["ezr", "--rules", "qq_chart=off", "--rules", "qq_chart=off"], ["ezr", "--rules", "qq_chart=off"]),
    (["ezr", "--rules", "qq_chart=off,qq_chart=off"], ["ezr", "--rules", "qq_chart=off"]),
    (["ezr", "--chart", "qq={qq}", "--chart", "qq={qq}"], ["ezr", "--chart", "qq={qq}"]),
    (["ezr", "-n", "40", "-n", "40"], ["ezr", "-n", "40"]),
    (["pyramid", "--policy-a", "shoot=always,shoot=always"], ["pyramid", "--policy-a", "shoot=always"]),
    (["blueline", "--policy-away", "check=body;check=body"], ["blueline", "--policy-away", "check=body"]),
    (["strat", "KBY", "NRV", "--coach", "penetrate=never", "--coach", "penetrate=never"],
     ["strat", "KBY", "NRV", "--coach", "penetrate=never"]),
    (["compare", "ezr", "--b", "qq_chart=off", "--setup", "home=NYR,away=BOS", "--setup", "away=BOS", "--metrics",
      "tie"],
     ["compare", "ezr", "--b", "qq_chart=off", "--setup", "home=NYR,away=BOS", "--metrics", "tie"]),
])
def test_a_setting_given_twice_with_one_value_plays_as_once(cli, twice, once):
    """Never "the last wins", and the same value twice agrees: it plays what the setting given once plays."""
    import simcore.games.ezr as ezr
    from pathlib import Path

    qq = str(Path(ezr.__file__).parent / "data" / "qq_chart.csv")
    n = [] if "-n" in once else ["-n", "20"]
    runs = [cli(*(a.replace("{qq}", qq) for a in argv), *n, "--format", "json") for argv in (twice, once)]
    assert [r[0] for r in runs] == [0, 0], runs[0][2]
    assert runs[0][1] == runs[1][1]


@pytest.mark.parametrize("spec", ["plays=80,,slides=off", "plays=80,", ",plays=80", ",", "short, ,slides=off"])
def test_an_empty_item_in_rules_is_refused_naming_the_text(cli, spec):
    from simcore.errors import InputError
    from simcore.games.passscore.rules import Rules
    from simcore.rulesbase import RuleError

    with pytest.raises(RuleError, match="empty item") as exc:
        Rules().with_options(spec)
    assert isinstance(exc.value, InputError) and repr(spec) in str(exc.value)
    code, _, err = cli("passscore", "--rules", spec)
    one_line_error(code, err, f"passscore rules {spec!r} have an empty item")
    assert Rules().with_options("plays=80,slides=off") == Rules(plays="80", slides="off")


def test_list_options_given_twice_add_up(cli):
    code, out, err = cli("sweep", "ezr", "--grid", "overtime=none", "--grid", "shootout=off", "-n", "20",
                         "--seeds", "1", "--seeds", "2", "--metrics", "home_win", "--metrics", "tie",
                         "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["grid"] == {"overtime": ["none"], "shootout": ["off"]} and doc["seeds"] == [1, 2]
    assert {r["metric"] for r in doc["rows"]} == {"home_win", "tie"}


def test_a_flag_agreeing_with_rules_and_repeated_rules_of_other_fields_play(cli):
    code, out, err = cli("ezr", "-n", "100", "--no-qq-chart", "--rules", "qq_chart=off", "--format", "json",
                         "-n", "100", "--no-qq-chart")            # the same setting twice is one setting
    assert code == 0, err
    assert "qq_chart=off" in out
    code, out, err = cli("ezr", "-n", "100", "--rules", "qq_chart=off", "--rules", "overtime=none",
                         "--format", "json")
    assert code == 0, err
    assert "qq_chart=off,qq_unprinted=mirror,overtime=none" in out


@pytest.mark.parametrize("argv,needle", [
    (["strat", "KBY", "NRV", "--game", "5"],
     "--game-id 5 picks the game --pbp prints; pass --pbp too, or leave out --game-id"),
    (["pyramid", "--game-id", "3"], "--game-id 3 picks the game --pbp prints; pass --pbp too"),
])
def test_a_game_index_without_pbp_is_refused(cli, argv, needle):
    code, _, err = cli(*argv)
    one_line_error(code, err, needle)


# ---------------------------------------------------------------- output into a missing folder

@pytest.mark.parametrize("argv,flag", [
    (["ezr", "-n", "100", "--plot", "{d}/x.png"], "--plot"),
    (["pyramid", "-n", "100", "--plot", "{d}/x.png"], "--plot"),
    (["league", "project", "no-such.toml", "--plot", "{d}/x.png"], "--plot"),
    (["league", "history", "no-such.toml", "--plot", "{d}/x.png"], "--plot"),
    (["sweep", "ezr", "--grid", "qq_chart=on,off", "-n", "100", "--out", "{d}/s.parquet"], "--out"),
    (["compare", "ezr", "--b", "qq_chart=off", "-n", "100", "--plot", "{d}/x.png"], "--plot"),
])
def test_an_output_file_in_a_missing_folder_is_refused_before_running(cli, tmp_path, monkeypatch, argv, flag):
    monkeypatch.chdir(tmp_path)
    target = argv[-1].format(d="nodir")
    code, _, err = cli(*argv[:-1], target)
    one_line_error(code, err, f"argument {flag}: '{target}': no folder 'nodir'")
    assert ".partial" not in err
    assert list(tmp_path.iterdir()) == []


def test_the_api_names_the_target_not_its_partial_file(tmp_path):
    from simcore import outputs

    target = tmp_path / "nodir" / "t.txt"
    with pytest.raises(FileNotFoundError) as e:
        outputs.write_text(target, "x")
    assert str(e.value) == f"{str(target)!r}: no folder {str(target.parent)!r}"
    assert not (tmp_path / "nodir").exists()


# ---------------------------------------------------------------- an unknown team

def test_an_unknown_ezr_team_says_how_to_give_a_teams_file(cli, tmp_path):
    code, _, err = cli("compare", "ezr", "--setup", "home=MYT", "-n", "10")
    one_line_error(code, err, "ezr setup home='MYT': team 'MYT' must be OFF/GDEF/SHOOTER/GSO (e.g. D/E/B/c) or a "
                   "sample team (BOS, NYR, TBL, CGY, NSH, OTT); a team of a teams file needs the file: setup "
                   "teams=FILE,home=MYT")
    teams = tmp_path / "teams.csv"
    teams.write_text("team,OFF,GDEF,SHOOTER,GSO\nMYT,D,E,B,c\n")
    code, out, err = cli("compare", "ezr", "--setup", f"teams={teams},home=MYT", "--b", "qq_chart=off",
                         "-n", "10", "--format", "json")
    assert code == 0, err


def test_an_empty_repeated_rules_adds_nothing():
    """``--rules "$EXTRA"`` with nothing in it, beside another ``--rules``: nothing added, no empty item."""
    from simcore.cliargs import JoinRepeated, Parser

    p = Parser(prog="t")
    p.add_argument("--rules", default="", action=JoinRepeated)
    assert p.parse_args(["--rules", "a=1", "--rules", "", "--rules", " "]).rules == "a=1"
    assert p.parse_args(["--rules", "", "--rules", "a=1", "--rules", "b=2"]).rules == "a=1,b=2"
    assert p.parse_args(["--rules", ""]).rules == ""


# ---------------------------------------------------------------- one setting, one option

@pytest.mark.parametrize("argv,needle", [
    (["pyramid", "--threads", "1", "--workers", "2"], "--threads 1 and --workers 2 both set the threads executor"),
    (["ezr", "--workers", "2", "--threads", "2"], "--threads 2 and --workers 2 both set"),
    (["pyramid", "--threads", "1", "--executor", "dask"], "--threads is for the threads executor"),
    (["compare", "ezr", "--b", "qq_chart=off", "--threads", "1", "--executor", "dask:tcp://127.0.0.1:9"],
     "with --executor dask:tcp://127.0.0.1:9 the games run on the cluster's workers"),
])
def test_threads_and_workers_are_one_setting(cli, no_simulation, argv, needle):
    """--threads and --workers both set the threads executor's threads: the two together are a setting given
    twice, refused before any game is played; with a dask executor --threads would set nothing."""
    code, out, err = cli(*argv)
    assert out == ""
    one_line_error(code, err, needle)


@pytest.mark.parametrize("call, needle", [
    (lambda g: g.simulate(n=10, threads=2, workers=1), "threads=2 and workers=1 both set the threads executor"),
    (lambda g: g.simulate(n=10, threads=1, executor="threads", workers=2), "threads=1 and workers=2 both set"),
    (lambda g: g.simulate(n=10, threads=1, executor="dask:tcp://127.0.0.1:9"),
     "threads=1: with the executor 'dask:tcp://127.0.0.1:9' the games run on the cluster's workers"),
    (lambda g: g.simulate(n=10, threads=0), "threads must be between 1 and"),
    (lambda g: g.simulate(n=10, threads=1.5), "threads must be a whole number of threads, got 1.5"),
    (lambda g: g.simulate(n=10, threads=True), "threads must be a whole number of threads, got True"),
    (lambda g: simcore.analysis.compare("pyramid", "", "deck=ace-low", n=10, threads=1, workers=1),
     "threads=1 and workers=1 both set"),
])
def test_the_python_api_takes_one_thread_count_too(monkeypatch, call, needle):
    """The Python API refuses what the command line refuses: threads= with workers= (one setting given twice)
    or with a dask executor (nothing to set), and a thread count that is not a whole number in range (a float
    reached numba's own TypeError; 0 ran on every core) -- before any game, and before a cluster starts."""
    g = simcore.game("pyramid")

    def never(*args, **kwargs):
        raise AssertionError("a game was played: the call should have been refused before running")

    monkeypatch.setattr(type(g), "run", never)
    with pytest.raises(simcore.InputError, match=needle):
        call(g)


@pytest.mark.parametrize("argv", [
    ["league", "sample", "ezr", ""], ["league", "project", "{toml}", "-n", "5", "--out", ""],
    ["league", "project", "{toml}", "-n", "5", "--report", " "], ["league", "standings", "{toml}", "--results", ""],
    ["strat", "KBY", "NRV", "--kit", ""], ["ezr", "-n", "10", "--teams", ""], ["blueline", "--chart", ""],
    ["passscore", "--board", ""], ["pyramid", "--deck-file", ""], ["dataset", "ezr", "--out", ""],
    ["compare", "ezr", "--b", "overtime=none", "--report", ""], ["demo", "--out", ""],
    ["ezr", "-n", "10", "--plot", ""], ["league", "history", "{toml}", "--plot", ""],
    ["sweep", "pyramid", "--grid", "tie_break=ties", "--out", ""], ["league", "standings", ""],
    ["league", "project", "", "-n", "5"], ["league", "validate", " "],
    ["league", "project", "{toml}", "-n", "5", "--plot", ""],
])
def test_an_empty_file_or_folder_name_is_refused(cli, tmp_path, monkeypatch, argv):
    """An empty name read as the option not given (the shipped kit, no --out) or as the current folder (`league
    sample ezr ""` wrote the league into it): refused before anything runs, naming the option."""
    from simcore.league import sample

    argv = [a.replace("{toml}", str(sample("ezr") / "league.toml")) for a in argv]
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(*argv)
    assert code == 2 and out == "" and "needs a file or folder name, got '" in err and err.count("\n") == 1, err
    assert list(tmp_path.iterdir()) == []
