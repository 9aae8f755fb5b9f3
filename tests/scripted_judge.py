"""Test helper: run one benchmark row's scorer against scripted judge replies, recording every request."""

from rlvr.evaluation.common import driver


def run_scripted(bench, items, replies):
    """-> (outcomes, requests): ``replies`` (str or JudgeReply) answer the requests in the order they come."""
    replies = list(replies)
    sent = []

    def responder(asked):
        out = []
        for _, req in asked:
            sent.append(req)
            out.append(replies.pop(0))
        return out

    return driver.run(bench, items, responder), sent
