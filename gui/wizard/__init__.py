"""New character wizard, advancing a funnel survivor, and levelling up."""

from gui.wizard.new_character import NewCharacterWizard

__all__ = ["NewCharacterWizard"]
