"""Automatic mutation testing of the engine with cosmic-ray: sampling and the score by file.

cosmic-ray (``checks/cosmic-ray.toml``) makes one mutant per operator and site over
``engine/`` (7,668 at commit ccd324c) and runs ``arbiter check`` on each: a mutant is *killed* when
some bundled scenario fails. The full run takes hours on a small machine, so this module
marks a stratified random sample as the work to do and the rest as skipped, and reads a
finished session back as a score by file (docs/guides/checks.rst, "Mutation testing")::

    cosmic-ray init checks/cosmic-ray.toml session.sqlite
    python -m checks.mutation_sample sample session.sqlite --seed 13 [--goal]
    nice cosmic-ray exec checks/cosmic-ray.toml session.sqlite
    python -m checks.mutation_sample score session.sqlite
    python -m checks.mutation_sample survivors session.sqlite
    python -m checks.mutation_sample rerun session.sqlite after.sqlite   # after new scenarios
    python -m checks.mutation_sample compare session.sqlite after.sqlite
    python -m checks.mutation_sample killed session.sqlite after.sqlite   # and by what
    python -m checks.mutation_sample goal after.sqlite   # survivors classified: the goal

cosmic-ray mutates the files in place, so run it in a copy of the tree (``git worktree``
or ``git archive``), never in the checkout you are editing.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

# How many mutants to sample per file: the files the goal is about (the card
# definitions and the rule arithmetic) get most of the budget; 0 or absent means all.
DEFAULT_SAMPLE: Mapping[str, int] = {
    "engine/rules.py": 60,
    "engine/cards/base.py": 90,
    "engine/cards/intrigue.py": 90,
    "engine/cards/prosperity.py": 90,
    "engine/cards/common.py": 30,
    "engine/cards/__init__.py": 15,
    "engine/cards/basic.py": 10,
    "engine/cards/seaside.py": 90,
    "engine/cards/seaside_mats.py": 90,
    "engine/game.py": 50,
    "engine/bots.py": 15,
    "engine/decisions.py": 10,
    "engine/state.py": 10,
    "engine/model.py": 5,
    "engine/context.py": 3,
}

# The files of the issue's goal ("at least 90% of non-equivalent mutants in engine/cards/
# and engine/rules.py caught by the scenario suite alone"): ``sample --goal`` samples only
# these and skips every other file's mutants.
GOAL_FILES = ("engine/rules.py", "engine/cards/")


def in_goal(file: str) -> bool:
    return file == GOAL_FILES[0] or file.startswith(GOAL_FILES[1])


def _db(path: str) -> Any:
    from cosmic_ray.work_db import WorkDB, use_db

    return use_db(path, WorkDB.Mode.open)


def sample(
    session: str, per_file: Mapping[str, int], seed: int, goal_only: bool = False
) -> Counter[str]:
    """Keep ``per_file[file]`` random work items of each file; mark the rest skipped.
    With ``goal_only``, every mutant outside the goal files is skipped too."""
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    rng = random.Random(seed)
    with _db(session) as db:
        by_file: dict[str, list[str]] = defaultdict(list)
        # In the order of the mutations themselves (job ids are random at each init), so
        # that a seed draws the same sample from the same tree.
        for item in sorted(db.work_items, key=_site):
            by_file[str(item.mutations[0].module_path)].append(item.job_id)
        skipped: list[str] = []
        kept: Counter[str] = Counter()
        for file, jobs in sorted(by_file.items()):
            if goal_only and not in_goal(file):
                skipped += jobs
                continue
            wanted = per_file.get(file, 0) or len(jobs)
            chosen = set(rng.sample(jobs, min(wanted, len(jobs))))
            kept[file] = len(chosen)
            skipped += [job for job in jobs if job not in chosen]
        db.set_multiple_results(skipped, WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
    return kept


def _site(item: Any) -> tuple[str, str, int]:
    mutation = item.mutations[0]
    return str(mutation.module_path), mutation.operator_name, mutation.occurrence


def rerun_survivors(before: str, after: str) -> int:
    """A copy of session ``before`` in which only its surviving mutants are pending again:
    run with more scenarios, it gives the score after them. A mutant killed before stays
    killed as long as scenarios are only added (and all of them pass unmutated)."""
    import shutil
    import sqlite3

    shutil.copyfile(before, after)
    with sqlite3.connect(after) as db:
        cursor = db.execute(
            "DELETE FROM work_results WHERE worker_outcome = 'NORMAL' AND test_outcome = 'SURVIVED'"
        )
        return cursor.rowcount


def _outcomes(session: str) -> list[tuple[str, str, str, int, str]]:
    """(file, outcome, operator, line, diff) for every finished, not skipped item."""
    return sorted(
        (file, outcome, operator, line, diff)
        for file, line, operator, outcome, diff, _ in _results(session).values()
    )


def score_table(rows: Sequence[tuple[str, str, str, int, str]]) -> str:
    """The score by file as an RST table: killed / (killed + survived)."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for file, outcome, *_ in rows:
        counts[file][outcome] += 1
        counts["all"][outcome] += 1
    header = ("file", "run", "killed", "survived", "incompetent", "score")
    lines = []
    for file in sorted(counts, key=lambda name: (name == "all", name)):
        c = counts[file]
        judged = c["killed"] + c["survived"]
        score = f"{100 * c['killed'] / judged:.0f}%" if judged else "-"
        run = sum(c.values())
        lines.append((file, str(run), str(c["killed"]), str(c["survived"]),
                      str(c["incompetent"] + c["error"]), score))  # fmt: skip
    widths = [max(len(row[i]) for row in [header, *lines]) for i in range(len(header))]
    rule = "  ".join("=" * width for width in widths)
    body = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        for row in lines
    ]
    head = "  ".join(cell.ljust(width) for cell, width in zip(header, widths, strict=True))
    return "\n".join(line.rstrip() for line in [rule, head, rule, *body, rule])


def _changed(diff: str) -> str:
    """The lines a mutant's diff removes and adds, stripped: what the mutation is."""
    lines = [d for d in diff.splitlines() if d.startswith(("-", "+")) and d[1:2] != d[0]]
    return " / ".join(line.strip() for line in lines)


def survivors(rows: Sequence[tuple[str, str, str, int, str]]) -> str:
    """Every surviving mutant: file, line, operator and the changed line."""
    out = []
    for file, outcome, operator, line, diff in rows:
        if outcome != "survived":
            continue
        out.append(f"{file}:{line} {operator}: {_changed(diff)}")
    return "\n".join(out)


def newly_killed(before: str, after: str) -> str:
    """The mutants that survived ``before`` and were killed ``after``, each with what
    killed it (:func:`_killed_by`). A mutant whose diff differs between the sessions
    (the file changed between them, so the same operator and occurrence hit another
    site) is marked."""
    first, second = _results(before), _results(after)
    out = []
    for job, (file, line, operator, outcome, diff, _output) in sorted(first.items()):
        if outcome != "survived" or job not in second or second[job][3] != "killed":
            continue
        how = _killed_by(second[job][5])
        same = "" if _changed(second[job][4]) == _changed(diff) else "  DIFFERENT MUTATION"
        out.append(f"{file}:{line} {operator} [{how}]{same}: {_changed(diff)}")
    return "\n".join(out)


def _killed_by(output: str) -> str:
    """``declarations`` when every scenario that failed did so only on the check of the
    reference engine's declarations (an ERROR naming DeclarationError), else
    ``expectations`` (a FAIL, or an ERROR such as an expected decision not asked)."""
    rows = output.splitlines()
    failed = sum(row.startswith(("FAIL ", "ERROR ")) for row in rows)
    declared = sum("DeclarationError" in row for row in rows)
    return "declarations" if failed and failed == declared else "expectations"


def _results(session: str) -> dict[str, tuple[str, int, str, str, str, str]]:
    """job id -> (file, line, operator, outcome, diff, test output) of finished items."""
    found = {}
    with _db(session) as db:
        for item, result in db.completed_work_items:
            if result.worker_outcome == "skipped":
                continue
            mutation = item.mutations[0]
            normal = result.worker_outcome == "normal"
            found[item.job_id] = (
                str(mutation.module_path),
                mutation.start_pos[0],
                mutation.operator_name.split("/")[-1],
                str(result.test_outcome.value) if normal else "error",
                result.diff or "",
                result.output or "",
            )
    return found


def compare(before: str, after: str) -> str:
    """Scores by file before and after, over the mutants both sessions ran (the sample)."""
    first, second = _results(before), _results(after)
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for job in sorted(set(first) & set(second)):
        file = first[job][0]
        for key in (file, "all"):
            counts[key][f"before {first[job][3]}"] += 1
            counts[key][f"after {second[job][3]}"] += 1
    lines = []
    for file in sorted(counts, key=lambda name: (name == "all", name)):
        c = counts[file]
        cells = [file]
        for when in ("before", "after"):
            killed, survived = c[f"{when} killed"], c[f"{when} survived"]
            judged = killed + survived
            cells.append(f"{killed}/{judged} {100 * killed / judged:.0f}%" if judged else "-")
        lines.append("  ".join(cells))
    return "\n".join(lines)


CLASSIFIED = Path(__file__).resolve().parent / "mutation-survivors.yaml"

# The classes of checks/mutation-survivors.yaml (its header says what each means); only
# ``equivalent`` leaves the goal's denominator.
SURVIVOR_CLASSES = (
    "equivalent",
    "caught-after",
    "edition-tag",
    "prompt",
    "random-kingdom",
    "standard-start",
    "kingdom-flag",
)


class SurvivorsError(ValueError):
    """An entry of checks/mutation-survivors.yaml is wrong; the message names its line."""


# A classified mutation: file, operator, change (whitespace collapsed) and the line, None
# where every entry of that mutation has the same class.
Mutation = tuple[str, str, str, int | None]


def classified(path: Path = CLASSIFIED) -> dict[Mutation, str]:
    """The class of every classified survivor. A mutation is its file, operator and change
    (:func:`_spacing_free`), whatever its line; where the same text is mutated at two sites
    with different classes (two ``continue`` in one card), each entry holds for its line
    only, so a later sample whose lines moved lists them as unclassified again. An entry
    without those fields or with an unknown class is a :class:`SurvivorsError`."""
    from scenarios.yamlread import YamlError, read_yaml_file

    try:
        document = read_yaml_file(path)
    except YamlError as error:
        raise SurvivorsError(f"{path}:{error.line}: {error.reason}") from None
    by_site: dict[tuple[str, str, str], dict[int, str]] = defaultdict(dict)
    for index, entry in enumerate(document.data["survivors"]):
        where = f"{path}:{document.line_of(('survivors', index))}"
        fields = [entry.get(name) for name in ("file", "operator", "change", "class")]
        line = entry.get("line")
        if not all(isinstance(value, str) for value in fields) or not isinstance(line, int):
            raise SurvivorsError(f"{where}: an entry needs file, line, operator, change and class")
        file, operator, change, kind = fields
        if kind not in SURVIVOR_CLASSES:
            raise SurvivorsError(f"{where}: class {kind!r} is not one of {SURVIVOR_CLASSES}")
        by_site[(file, operator, _spacing_free(change))][line] = kind
    classes: dict[Mutation, str] = {}
    for (file, operator, change), lines in by_site.items():
        if len(set(lines.values())) == 1:
            classes[(file, operator, change, None)] = next(iter(lines.values()))
        else:
            classes.update({(file, operator, change, line): c for line, c in lines.items()})
    return classes


def class_of(
    classes: Mapping[Mutation, str], file: str, operator: str, line: int, diff: str
) -> str:
    """The class of a surviving mutant (``unclassified`` when no entry names it)."""
    key = (file, operator, _spacing_free(_changed(diff)))
    found = classes.get((*key, None)) or classes.get((*key, line))
    return found or "unclassified"


def _spacing_free(change: str) -> str:
    """A change with every run of whitespace made one space: a line indented anew (the code
    around it reformatted) is still the same mutation."""
    return " ".join(change.split())


def goal_score(session: str, classes: Mapping[Mutation, str]) -> tuple[str, int]:
    """The goal's score by file: killed / (killed + survived - equivalent survivors), the
    kills only the declaration check made counted apart, and the survivors no entry of
    ``classes`` names listed after the table. Returns the text and that number."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    unclassified = []
    for file, line, operator, outcome, diff, output in _results(session).values():
        if not in_goal(file) or outcome not in ("killed", "survived"):
            continue
        key = outcome
        if outcome == "killed" and _killed_by(output) == "declarations":
            key = "killed by declarations"
        elif outcome == "survived":
            key = class_of(classes, file, operator, line, diff)
            if key == "unclassified":
                unclassified.append(f"{file}:{line} {operator}: {_changed(diff)}")
        for name in (file, "goal files"):
            counts[name][key] += 1
    header = ("file", "run", "killed", "by decl.", "equivalent", "other", "unclassified", "score")
    rows = []
    for file in sorted(counts, key=lambda name: (name == "goal files", name)):
        c = counts[file]
        killed = c["killed"] + c["killed by declarations"]
        run = sum(c.values())
        judged = run - c["equivalent"]
        other = run - killed - c["equivalent"] - c["unclassified"]
        score = f"{killed}/{judged} {100 * killed / judged:.1f}%" if judged else "-"
        cells = (file, run, killed, c["killed by declarations"], c["equivalent"], other,
                 c["unclassified"], score)  # fmt: skip
        rows.append(tuple(map(str, cells)))
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    text = "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in [header, *rows]
    )
    if unclassified:
        text += "\n\nsurvivors to classify (checks/mutation-survivors.yaml) or kill:\n"
        text += "\n".join(unclassified)
    return text, len(unclassified)


def recheck(tree: Path, sample_id: str, path: Path = CLASSIFIED) -> list[tuple[int, str, str]]:
    """Run again every survivor ``path`` classifies for sample ``sample_id``, applied by its
    text to ``tree`` (a copy: each file is edited and restored): the same mutants against
    today's checks even where the engine's code moved, which cosmic-ray's positions (an
    operator's occurrence in the file) cannot follow. Returns, for each entry, its line in
    ``path``, its class and ``killed by declarations``, ``killed by expectations``,
    ``killed by timeout``, ``survived`` or ``gone`` (its line is no longer in the file). An
    entry whose change is not one line removed and one added is a :class:`SurvivorsError`."""
    from scenarios.yamlread import read_yaml_file

    document = read_yaml_file(path)
    found = []
    for index, entry in enumerate(document.data["survivors"]):
        if entry.get("sample") == sample_id:
            where = document.line_of(("survivors", index))
            if " / +" not in str(entry.get("change")):
                raise SurvivorsError(f"{path}:{where}: a change reads '-old line / +new line'")
            outcome = run_with_change(tree, entry["file"], entry["line"], entry["change"])
            found.append((where, entry["class"], outcome))
    return found


def run_with_change(tree: Path, file: str, line: int, change: str, timeout: float = 120) -> str:
    """``arbiter check`` in ``tree`` with ``change`` (``-old / +new``) made at the line of
    ``file`` nearest ``line`` that reads ``old``; a check still running after ``timeout``
    seconds is stopped and the mutant counted killed."""
    import subprocess

    removed, added = change.split(" / +", 1)
    old = removed.removeprefix("-")
    source = tree / file
    text = source.read_text()
    lines = text.splitlines(keepends=True)
    sites = [i for i, row in enumerate(lines) if _spacing_free(row) == _spacing_free(old)]
    if not sites:
        return "gone"
    site = min(sites, key=lambda i: abs(i + 1 - line))
    indent = lines[site][: len(lines[site]) - len(lines[site].lstrip())]
    lines[site] = f"{indent}{added.strip()}\n"
    try:
        source.write_text("".join(lines))
        # No scenario cache: every mutant would fill a pack of its own.
        run = subprocess.run(
            [sys.executable, "-m", "arbiter", "check", "--no-cache"],
            cwd=tree,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return "killed by timeout"  # a mutant that never ends is caught, as cosmic-ray counts it
    finally:
        source.write_text(text)
    if run.returncode == 0:
        return "survived"
    return f"killed by {_killed_by(run.stdout)}"


def _rechecked(found: Sequence[tuple[int, str, str]]) -> str:
    """Each re-run survivor that did not survive, then the outcomes counted by class."""
    counts: Counter[tuple[str, str]] = Counter((kind, outcome) for _, kind, outcome in found)
    rows = [
        f"{CLASSIFIED.name}:{line} ({kind}): {outcome}"
        for line, kind, outcome in found
        if outcome != "survived"
    ]
    rows += [f"{kind}: {outcome} {count}" for (kind, outcome), count in sorted(counts.items())]
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m checks.mutation_sample")
    commands = parser.add_subparsers(dest="command", required=True)
    sampling = commands.add_parser("sample", help="keep a stratified sample, skip the rest")
    sampling.add_argument("session")
    sampling.add_argument("--seed", type=int, default=13)
    sampling.add_argument(
        "--goal", action="store_true", help="only engine/rules.py and engine/cards/ (the goal)"
    )
    for name in ("score", "survivors"):
        commands.add_parser(name).add_argument("session")
    scoring = commands.add_parser("goal", help="the goal's score, survivors classified")
    scoring.add_argument("session")
    killed = commands.add_parser("killed", help="survivors of a session killed in another")
    killed.add_argument("session")
    killed.add_argument("after")
    both = commands.add_parser("compare", help="scores by file before and after")
    both.add_argument("session")
    both.add_argument("after")
    again = commands.add_parser("rerun", help="copy a session with its survivors pending")
    again.add_argument("session")
    again.add_argument("copy")
    later = commands.add_parser("recheck", help="classified survivors run again by their text")
    later.add_argument("tree", type=Path, help="a copy of the tree to edit (git archive)")
    later.add_argument("--sample", default="ccd324c", help="the sample whose survivors to run")
    args = parser.parse_args(argv)
    if args.command == "recheck":
        print(_rechecked(recheck(args.tree, args.sample)))
        return 0
    if args.command == "sample":
        kept = sample(args.session, DEFAULT_SAMPLE, args.seed, args.goal)
        for file, count in sorted(kept.items()):
            print(f"{file}: {count}")
        return 0
    if args.command == "compare":
        print(compare(args.session, args.after))
        return 0
    if args.command == "goal":
        try:
            classes = classified()
        except SurvivorsError as error:
            print(error, file=sys.stderr)
            return 2
        text, unclassified = goal_score(args.session, classes)
        print(text)
        return 1 if unclassified else 0
    if args.command == "killed":
        print(newly_killed(args.session, args.after))
        return 0
    if args.command == "rerun":
        print(f"{rerun_survivors(args.session, args.copy)} survivors to run again in {args.copy}")
        return 0
    rows = _outcomes(args.session)
    print(score_table(rows) if args.command == "score" else survivors(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
