"""The system language, chosen from the environment as GNU gettext chooses a catalogue:
LANGUAGE (a colon list of preferences) first, then the first of LC_ALL, LC_MESSAGES, LANG."""

import pytest

from reddog_tui.i18n import system_language


@pytest.mark.parametrize(
    "environment, language",
    [
        ({"LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LANGUAGE": "sv:nb:it", "LC_ALL": "pl_PL.UTF-8"}, "it"),  # preferences we lack are skipped
        ({"LANGUAGE": "pt_BR:de_AT", "LANG": "it_IT"}, "de"),  # a region or codeset is no obstacle
        ({"LANGUAGE": "sv", "LC_ALL": "pl_PL.UTF-8", "LANG": "de_DE"}, "pl"),  # no list entry: the locale
        ({"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "fr_CA.UTF-8@euro", "LANG": "de_DE"}, "fr"),
        ({"LC_ALL": "it_IT.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "de_DE"}, "it"),
        ({"LANG": "de.UTF-8"}, "de"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LC_ALL": "sv_SE.UTF-8", "LANG": "de_DE.UTF-8"}, None),  # LC_ALL decides alone: not one of ours
        ({"LC_MESSAGES": "C", "LANG": "fr_FR"}, None),
        ({"LANG": "POSIX"}, None),
        ({}, None),
    ],
)
def test_system_language(environment, language):
    assert system_language(environment) == language
