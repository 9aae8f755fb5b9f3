"""The TRACE validation campaign (`rlvr trace-validation fetch | generate | judge | score`).

:mod:`.commands`        the command line: fetch the pinned release file, generate, judge, score;
:mod:`.answers`         typed extraction without the ground truth, the judge's messages, exact-match scoring;
:mod:`.answer_parsing`  the answer parsing the extraction is built on (our own rules);
:mod:`.judging`         the campaign's front-end of the one judge (:mod:`rlvr.evaluation.judge`).
"""
