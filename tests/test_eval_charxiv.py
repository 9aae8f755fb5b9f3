"""CharXiv reasoning: every branch of the reference's reading of a judge reply -- the score
(``_parse_charxiv_score_output``) and the extracted answer (``_parse_charxiv_judge`` then
``_resolve_charxiv_extracted_answer``) -- for JSON replies and for replies that are not JSON."""

import pytest
from scripted_judge import run_scripted

from rlvr.evaluation import benchmarks
from rlvr.evaluation.benchmarks.base import JudgeReply
from rlvr.evaluation.benchmarks.charxivreason import judge_extraction, parse_score

BENCH = benchmarks.get("charxivreason")


@pytest.mark.parametrize("reply, extracted, score", [
    ('{"extracted_answer": "12", "score": 1}', "12", 1.0),                       # whole JSON object
    ('  {"extracted_answer": "12", "score": 0}\n', "12", 0.0),
    ('{"extract_answer": 5, "score": "1"}', "5", 1.0),                            # the other key; values via str
    ('{"extracted_answer": "", "extract_answer": "9", "score": 1}', "", 1.0),     # the first key wins, even empty
    ('{"extracted_answer": null, "score": 0}', "None", 0.0),                      # str(None)
    ('{"score": 1}', "", 1.0),                                                    # no key: nothing extracted
    ('{"extracted_answer": "x", "score": "one"}', "x", None),   # float() refuses the score: the text rule reads x
    ('{"extracted_answer": "x", "score": null}', "x", None),
    ('extracted_answer: 12\nscore: 1', "12", 1.0),                                # plain key: value lines
    ('Extract_Answer = Alpha Beta\nScore = 0.5', "Alpha Beta", 0.5),              # '=' and any case
    ('"extracted_answer": "3 cm"}, "score": 1', "3 cm", 1.0),                     # cut at the quote
    ('The grade.\n```json\n{"extracted_answer": "7", "score": 1}\n```', "7", 1.0),   # JSON inside text
    ('Here: {"score": 1, "extracted_answer": "b"} and {"score": 0}', "b", 1.0),   # the first object's score
    ('extracted answer: 12, score: 1', "", 1.0),                                  # no key spelled that way
    ('The response is correct.', "", None),
    ('score: 2', "", None),                                                       # out of [0, 1]
    ('[1]', "", None),
])
def test_reply_reading(reply, extracted, score):
    assert judge_extraction(reply) == extracted
    assert parse_score(reply) == score


def _item(prediction):
    return BENCH.prepare([benchmarks.Row(fields={"question": "Largest value?", "answer": "12", "inst_category": 3,
                                                 "grading_query": "Grade: {PREDICTION}"})], [prediction])


@pytest.mark.parametrize("prediction, reply, want", [
    ("so \\boxed{12}", "extracted_answer: 12\nscore: 1", {"score": 1.0, "extracted": "12"}),
    # nothing extracted by the judge: the prediction's final answer
    ("Reasoning...\n<answer>12</answer>", "score: 1", {"score": 1.0, "extracted": "12"}),
    # an empty prediction: nothing to extract, and a non-zero score is malformed (the reference fails; unresolved)
    ("", "score: 0", {"score": 0.0, "extracted": ""}),
    ("", "score: 1", {"score": 0.0, "extracted": "", "judge_unresolved": "judge scored 1.0 an empty prediction"}),
])
def test_score_row_reads_plain_text_replies(prediction, reply, want):
    outcomes, sent = run_scripted(BENCH, _item(prediction), [JudgeReply(reply, "stop")])
    assert outcomes[0].result == want and len(sent) == 1 and sent[0].params["max_tokens"] == 256


def test_an_unparsable_reply_climbs_the_ladder():
    outcomes, sent = run_scripted(BENCH, _item("12"), ["The model is right.", "extracted_answer: 12\nscore: 1"])
    assert [r.params["max_tokens"] for r in sent] == [256, 512]
    assert outcomes[0].result == {"score": 1.0, "extracted": "12"}
