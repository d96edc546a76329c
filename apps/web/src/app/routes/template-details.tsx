import { IconFileText } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PlaceholderFrame } from '../../components/feedback/PlaceholderFrame.tsx';

export default function TemplateDetailsRoute() {
  const { templateName = '' } = useParams();
  return (
    <PlaceholderFrame
      heading={templateName}
      description="Template details and editor"
      icon={<IconFileText size={26} />}
      emptyTitle="The editor is on its way"
      emptyDescription="The pages of this template, its fields and its API will appear here."
    />
  );
}
