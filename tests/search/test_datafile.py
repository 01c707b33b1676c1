"""The reviewed data files of the search (situations, related words) are read by one reader
(judge_app/search/datafile.py): a bad line is refused with a message naming the file's line."""
from __future__ import annotations

import pytest

from judge_app.search.related import load_related
from judge_app.search.situations import load_situations

SITUATIONS = "# c\nsituation\trule\tsource\n"
RELATED = "# c\nwords\trelation\tsource\n"


@pytest.mark.parametrize("load,text,message", [
    (load_situations, SITUATIONS + "пустой библиотека\t704.5b\n", "line 3 needs three non-empty columns"),
    (load_situations, SITUATIONS + "пустой библиотека\tсто\tx\n", "line 3: not a rule number"),
    (load_situations, "situation\trule\n", "the header must be situation, rule, source"),
    (load_related, RELATED + "урон повреждение\tsimilar\t120.1\n", "line 3: relation must be one of"),
    (load_related, RELATED + "урон\tsynonym\t120.1\n", "line 3: a group needs two words"),
    (load_related, RELATED + "урон повреждение\tsynonym\t\n", "line 3 needs three non-empty columns"),
])
def test_a_bad_line_is_refused_naming_it(tmp_path, load, text, message):
    bad = tmp_path / "data.tsv"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        load(bad)
