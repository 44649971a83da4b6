"""What keeps `remi scan` quick on two shared cores (issue 38.5), without changing what it reads.
Timings belong to bench/vision_bench.py; these check the settings and that the reads agree."""

from remi.vision.reader import Reader


def test_the_readers_sessions_do_not_spin_while_they_wait():
    """On two shared cores a busy-waiting thread takes the core the work waits for."""
    reader = Reader()
    for session in (reader.det, reader.cls, reader.views_cls):
        assert session.get_session_options().get_session_config_entry("session.intra_op.allow_spinning") == "0"
