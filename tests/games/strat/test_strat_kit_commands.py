"""simcore strat kit new / kit validate: a template kit that validates and plays as written, every column of
every file documented in it; a kit checked whole, its errors naming file, line, column and text."""
import csv
import json

import pytest

from simcore.games.strat.kit import SAMPLE_KIT_DIR, load_kit
from simcore.games.strat.kittemplate import TEMPLATE_DIR, template_files, write_template


@pytest.fixture
def kit(tmp_path, cli):
    d = tmp_path / "my_kit"
    rc, out, err = cli("strat", "kit", "new", str(d))
    assert rc == 0, err
    assert f"wrote a template kit of {len(template_files())} files to {d}" in out
    return d


def test_kit_new_writes_the_template_byte_for_byte(kit):
    written = sorted(p.relative_to(kit) for p in kit.rglob("*") if p.is_file())
    assert written == template_files()
    assert {"kit.toml", "README.md", "teams.csv", "teams/EXA_skaters.csv", "teams/EXA_goalies.csv",
            "teams/EXA_lines.csv"} <= {str(p) for p in written}
    for rel in written:
        assert (kit / rel).read_bytes() == (TEMPLATE_DIR / rel).read_bytes()
    assert not list(kit.rglob(".*.tmp"))


def test_kit_new_validates_as_written(kit, cli):
    rc, out, err = cli("strat", "kit", "validate", str(kit), "--format", "json")
    assert rc == 0, err
    doc = json.loads(out)
    assert doc["kit"] == "my kit" and doc["synthetic"] is True
    assert list(doc["teams"]) == ["EXA", "EXB"]
    assert doc["teams"]["EXA"] == {"name": "Example Aces", "skaters": 18, "goalies": 2, "forward_lines": 4,
                                   "defense_pairs": 3}
    assert (doc["action_cards"], doc["split_cards"], doc["charts"]) == (36, 40, 10)
    # kit.toml, 7 Basic files and teams.csv, the 7 Advanced files, 3 files for each of the two teams
    assert len(doc["files"]) == 1 + 8 + 7 + 2 * 3 and str(kit / "teams" / "EXB_lines.csv") in doc["files"]
    assert str(kit / "charts" / "intimidation.csv") in doc["files"]
    rc, out, _ = cli("strat", "kit", "validate", str(kit), "--rules", "lines=4")
    assert rc == 0 and "valid kit 'my kit' (synthetic)" in out and "files checked: 22" in out
    rc, out, _ = cli("strat", "kit", "validate", str(kit), "--rules", "level=advanced,faceoffs=super")
    assert rc == 0 and "files checked: 22" in out


def test_kit_new_plays_the_advanced_game_as_written(kit, cli):
    rc, out, err = cli("strat", "EXA", "EXB", "--kit", str(kit), "-n", "20", "--seed", "1",
                       "--rules", "level=advanced", "--format", "json")
    assert rc == 0, err
    doc = json.loads(out)
    assert doc["kit"] == "my kit" and "level=advanced" in doc["variant"]
    assert sorted(t["team"] for t in doc["teams"]) == ["EXA", "EXB"]      # in the order of the standings
    for team in doc["teams"]:
        assert team["games"] == 20
        # the Advanced files are read: passes (11), intimidations (12) and deflections (25) happen
        assert min(team["passes"], team["intimidations"], team["deflections"]) > 0, team
        assert team["penalties_action_card"] == 0        # the Advanced deck has no penalty cards (16.0)


def test_the_template_teams_are_the_sample_kits_cards(kit):
    mine, sample = load_kit(kit), load_kit(SAMPLE_KIT_DIR)
    assert mine.teams["EXA"].skaters == sample.teams["KBY"].skaters
    assert mine.teams["EXB"].goalies == sample.teams["NRV"].goalies
    assert mine.teams["EXA"].lines == sample.teams["KBY"].lines
    assert (mine.action_deck, mine.split_deck, mine.power_play_chart) == (sample.action_deck, sample.split_deck,
                                                                         sample.power_play_chart)


def test_the_template_teams_and_advanced_files_are_rebuilt_from_the_sample_kit(tmp_path):
    # python -m simcore.games.strat.kittemplate rewrites them; --check says they are current
    from simcore.games.strat import kittemplate

    copied = kittemplate.template_team_files()
    assert {"teams/EXA_skaters.csv", "advanced_action_deck.csv", "charts/intimidation.csv"} <= set(copied)
    assert len(copied) == 2 * 3 + 7
    for rel, text in copied.items():
        assert (TEMPLATE_DIR / rel).read_text(encoding="utf-8") == text, rel
    assert kittemplate.main(["--check"]) == 0
    for argv in (["--help"], ["--chek"]):          # help, or a mistyped option, writes nothing
        with pytest.raises(SystemExit) as exc:
            kittemplate.main(argv)
        assert exc.value.code == (0 if argv == ["--help"] else 2)
    # a changed sample row is copied under the template's comments
    sample = tmp_path / "kit"
    (sample / "charts").mkdir(parents=True)
    (sample / "teams").mkdir()
    for rel in copied:
        src = SAMPLE_KIT_DIR / rel.replace("EXA", "KBY").replace("EXB", "NRV")
        (sample / rel.replace("EXA", "KBY").replace("EXB", "NRV")).write_bytes(src.read_bytes())
    chart = sample / "charts" / "intimidation.csv"
    chart.write_text(chart.read_text().replace("AA,6-20,", "AA,7-20,"))
    text = kittemplate.template_team_files(sample)["charts/intimidation.csv"]
    assert text.splitlines()[0] == "rating,penalized,source" and text.splitlines()[1].startswith("# ")
    assert "\nAA,7-20,reconstructed:intimidation-by-penalty-rating\n" in text


def _comment_words(path):
    words = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            words |= {w.strip(":,()") for w in line[1:].split()}
    return words


def test_every_column_of_every_template_file_is_documented_in_it():
    csvs = [p for p in template_files() if p.suffix == ".csv"]
    assert len(csvs) == 21     # 7 Basic decks and charts, teams.csv, 6 team files, 7 Advanced files
    for rel in csvs:
        path = TEMPLATE_DIR / rel
        header = next(csv.reader([path.read_text(encoding="utf-8").splitlines()[0]]))
        documented = _comment_words(path)
        missing = [c for c in header if c not in documented]
        assert not missing, f"{rel}: undocumented columns {missing}"
        assert path.read_text(encoding="utf-8").splitlines()[1].startswith("# ")
    toml = (TEMPLATE_DIR / "kit.toml").read_text(encoding="utf-8")
    import tomllib

    for key in tomllib.loads(toml):
        assert f"# {key}: " in toml, key
    readme = (TEMPLATE_DIR / "README.md").read_text(encoding="utf-8")
    assert "To add one, copy `teams/EXA_skaters.csv`" in readme


@pytest.mark.parametrize("make, line", [
    (lambda d: (d / "teams.csv").mkdir(), "teams.csv is a folder; the template writes a file there"),
    (lambda d: (d / "charts").write_text("f"), "charts is a file; the template needs a folder there"),
])
def test_kit_new_force_refuses_a_file_where_a_folder_goes_writing_nothing(tmp_path, cli, make, line):
    """With --force the template replaces files of the same names; a folder where it writes a file (or a file where
    it needs a folder) is refused before anything is written (it stopped half-way, with a raw OS error)."""
    d = tmp_path / "k"
    d.mkdir()
    make(d)
    before = sorted(p.name for p in d.iterdir())
    rc, out, err = cli("strat", "kit", "new", str(d), "--force")
    assert rc == 2 and out == "" and err == f"simcore: error: {d}/{line}\n"
    assert sorted(p.name for p in d.iterdir()) == before


def test_kit_new_refuses_a_folder_that_holds_anything(tmp_path, cli):
    d = tmp_path / "k"
    d.mkdir()
    (d / "notes.txt").write_text("mine")
    rc, out, err = cli("strat", "kit", "new", str(d))
    assert rc == 2 and out == "" and "is not empty" in err and "--force" in err
    assert sorted(p.name for p in d.iterdir()) == ["notes.txt"]
    (d / "kit.toml").write_text("name = 'edited'\n")
    rc, _, err = cli("strat", "kit", "new", str(d), "--force")
    assert rc == 0, err
    assert (d / "notes.txt").read_text() == "mine"
    assert (d / "kit.toml").read_bytes() == (TEMPLATE_DIR / "kit.toml").read_bytes()
    f = tmp_path / "file"
    f.write_text("x")
    with pytest.raises(FileExistsError, match="is a file"):
        write_template(f, force=True)
    empty = tmp_path / "empty"
    empty.mkdir()
    assert len(write_template(empty)) == len(template_files())


def test_kit_new_interrupted_takes_back_what_it_wrote(tmp_path, cli, monkeypatch):
    """Ctrl-C after some of the template's files: the files and folders the command made go, so the same command
    runs again (it was refused as "not empty"); with --force, the files it replaced and the user's stay."""
    import shutil

    import simcore.games.strat.kittemplate as kt

    copy, calls = kt.replacing, []

    def interrupted(dest, **kw):
        calls.append(dest)
        if len(calls) == 5:
            raise KeyboardInterrupt
        return copy(dest, **kw)

    monkeypatch.setattr(kt, "replacing", interrupted)
    d = tmp_path / "new" / "my_kit"
    rc, out, err = cli("strat", "kit", "new", str(d))
    assert rc == 130 and err == "simcore: interrupted\n" and len(calls) == 5
    assert list(tmp_path.iterdir()) == []
    mine = tmp_path / "mine"
    shutil.copytree(TEMPLATE_DIR, mine)
    (mine / "kit.toml").write_text("name = 'edited'\n")
    (mine / "notes.txt").write_text("mine")
    calls.clear()
    rc, out, err = cli("strat", "kit", "new", str(mine), "--force")
    assert rc == 130 and (mine / "notes.txt").read_text() == "mine"
    assert sorted(p.relative_to(mine) for p in mine.rglob("*") if p.is_file()) == sorted(
        [*template_files(), type(template_files()[0])("notes.txt")])
    monkeypatch.setattr(kt, "replacing", copy)
    rc, out, err = cli("strat", "kit", "new", str(d))
    assert rc == 0, err
    assert sorted(p.relative_to(d) for p in d.rglob("*") if p.is_file()) == template_files()


@pytest.mark.parametrize("rel, old, new, where", [
    ("teams/EXB_lines.csv", "F1,Player B,", "F1,Player Q,",
     "EXB_lines.csv, line 13, column 'LW': 'Player Q': no skater"),
    ("teams/EXB_skaters.csv", ",B,1-", ",Q,1-", "EXB_skaters.csv, line 27, column 'pen': 'Q'"),
    ("teams/EXB_goalies.csv", "Player C,5,55%", "Player C,5,155%", "EXB_goalies.csv, line 10, column 'starts': '155%'"),
    ("charts/penalty.csv", "\nD,1-3,", "\nE,1-3,", "penalty.csv, line 10, column 'rating': 'E'"),
    ("teams.csv", "teams/EXB_lines.csv", "teams/EXB_line.csv", "teams.csv, line 11, column 'lines': "
                                                              "'teams/EXB_line.csv': file not found"),
    ("kit.toml", 'split_deck = "split_deck.csv"', "", "'split_deck': missing key"),
])
def test_kit_validate_names_file_line_column_and_text(kit, cli, rel, old, new, where):
    f = kit / rel
    text = f.read_text(encoding="utf-8")
    assert old in text
    f.write_text(text.replace(old, new, 1), encoding="utf-8")
    rc, out, err = cli("strat", "kit", "validate", str(kit))
    assert rc == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"simcore: error: {kit}") and where in err, err


def test_kit_validate_checks_line_ups_against_the_rules(kit, cli):
    lines = kit / "teams" / "EXA_lines.csv"
    lines.write_text("".join(ln for ln in lines.read_text().splitlines(keepends=True)
                             if not ln.startswith(("F4,", "D3,"))))
    assert cli("strat", "kit", "validate", str(kit))[0] == 0
    rc, _, err = cli("strat", "kit", "validate", str(kit), "--rules", "lines=4")
    assert rc == 2 and f"simcore: error: {lines}: team EXA: the 4-line option needs" in err


def test_kit_validate_the_sample_and_a_missing_folder(tmp_path, cli):
    rc, out, _ = cli("strat", "kit", "validate", "sample")
    # 33 files of the Basic kit and the 7 optional Advanced files (advanced deck, split_advanced, 5 charts)
    assert rc == 0 and "8 teams: KBY (18 skaters, 2 goalies)" in out and "files checked: 40" in out
    rc, _, err = cli("strat", "kit", "validate", str(tmp_path / "none"))
    assert rc == 2 and "no such kit folder" in err


def test_a_one_team_kit_validates_with_a_note(kit, cli):
    teams = kit / "teams.csv"
    teams.write_text("".join(ln for ln in teams.read_text().splitlines(keepends=True) if not ln.startswith("EXB,")))
    rc, out, _ = cli("strat", "kit", "validate", str(kit))
    assert rc == 0 and "1 teams: EXA" in out and "note: a game needs two teams" in out


def test_the_template_plays(kit, cli):
    rc, out, err = cli("strat", "EXA", "EXB", "--kit", str(kit), "-n", "200", "--seed", "1",
                       "--format", "json")
    assert rc == 0, err
    doc = json.loads(out)
    assert doc["kit"] == "my kit" and (doc["home"], doc["away"]) == ("EXA", "EXB")
    teams = {t["team"]: t for t in doc["teams"]}
    assert teams["EXA"]["games"] == teams["EXB"]["games"] == 200
    assert teams["EXA"]["wins"] + teams["EXB"]["wins"] + teams["EXA"]["ties"] == 200
    # the same cards as the sample kit's KBY and NRV: the same games
    rc, out2, _ = cli("strat", "KBY", "NRV", "-n", "200", "--seed", "1", "--format", "json")
    sample = {t["team"]: t for t in json.loads(out2)["teams"]}
    assert (teams["EXA"]["goals"], teams["EXB"]["goals"]) == (sample["KBY"]["goals"], sample["NRV"]["goals"])


@pytest.mark.parametrize("argv", [("strat", "--kit", "{none}", "KBY", "NRV", "-n", "10"),
                                  ("compare", "strat", "--setup", "kit={none}", "--b", "lines=4",
                                   "-n", "10")])
def test_every_command_names_a_missing_kit_folder_alike(tmp_path, cli, argv):
    none = tmp_path / "none"
    rc, out, err = cli(*(a.format(none=none) for a in argv))
    assert rc == 2 and out == ""
    assert err == f"simcore: error: {none}: no such kit folder (a folder holding kit.toml; `simcore strat kit new " \
                  "DIR` writes one to edit)\n"


def test_a_kit_of_one_team_has_no_round_robin(kit, cli):
    teams = kit / "teams.csv"
    lines = teams.read_text().splitlines(keepends=True)
    teams.write_text("".join(line for line in lines if not line.startswith("EXB,")))
    rc, out, err = cli("strat", "kit", "validate", str(kit))
    assert rc == 0 and "note: a game needs two teams" in out
    for extra in ((), ("--pbp",)):
        rc, out, err = cli("strat", "--league", str(kit), "-n", "20", *extra)
        assert (rc, out) == (2, "") and err == ("simcore: error: the league round robin needs two teams or more; "
                                                "the kit has 1 (EXA)\n"), extra


def test_team_codes_differing_only_in_case_are_refused(kit, cli):
    teams = kit / "teams.csv"
    text = teams.read_text()
    exb = next(line for line in text.splitlines() if line.startswith("EXB,"))
    teams.write_text(text.rstrip("\n") + "\n" + "exa" + exb[3:] + "\n")
    rc, out, err = cli("strat", "kit", "validate", str(kit))
    line = len(teams.read_text().splitlines())
    assert rc == 2 and err == (f"simcore: error: {teams}, line {line}, column 'team': 'exa': team 'exa' is 'EXA' "
                               "written another way; a team is named without regard to case, so each must differ "
                               "in letters\n")


def test_the_split_decks_advanced_sections_belong_in_split_advanced(kit, cli):
    deck = kit / "split_deck.csv"
    rows = list(csv.reader(deck.read_text().splitlines()))
    head = next(i for i, r in enumerate(rows) if r and r[0] == "card")
    out_rows = []
    for i, r in enumerate(rows):
        if i == head:
            r = r[:-1] + ["passing", "source"]
        elif i > head and r and not r[0].startswith("#"):
            r = r[:-1] + ["anything", r[-1]]
        out_rows.append(r)
    with deck.open("w", newline="") as f:
        csv.writer(f).writerows(out_rows)
    rc, out, err = cli("strat", "kit", "validate", str(kit))
    assert rc == 2 and err == (f"simcore: error: {deck}, line {head + 1}, column 'passing': the split cards' "
                               "Advanced sections are read from split_advanced.csv (kit.toml's split_advanced; "
                               "docs/strat-data.md), not from the split deck\n")


def test_a_card_missing_an_advanced_column_names_its_file(kit, cli):
    cards = kit / "teams" / "EXA_skaters.csv"
    rows = list(csv.reader(cards.read_text().splitlines()))
    head = next(i for i, r in enumerate(rows) if r and r[0] == "name")
    d2 = rows[head].index("D2")

    def without_d2(i, r):
        if i < head or len(r) <= d2:
            return r
        return r[:d2] + r[d2 + 1:-1] + (["source"] if i == head else ["user:my-cards"])   # the tags named D2

    with cards.open("w", newline="") as f:
        csv.writer(f).writerows([without_d2(i, r) for i, r in enumerate(rows)])
    rc, out, err = cli("strat", "kit", "validate", str(kit), "--rules", "level=advanced")
    assert rc == 2 and err.startswith(f"simcore: error: {cards}: team EXA, ") and "the card has no column D2" in err


def test_pbp_refuses_out(cli, tmp_path):
    rc, out, err = cli("strat", "KBY", "NRV", "--pbp", "--out", str(tmp_path / "run"))
    assert (rc, out) == (2, "") and "--out writes a simulation's tables; --pbp prints one game" in err
    assert not (tmp_path / "run").exists()
